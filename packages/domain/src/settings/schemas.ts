import { z } from 'zod';
import { optionalSiretField } from '../reports/schemas';
import { emailField, optionalText, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/** The payment delay, in days: at least a day to pay, at most a year. */
export const DUE_DAYS_BOUNDS = { min: 1, max: 365 } as const;

/** The collectivity, as its notices present it: settings an admin edits. */
export const collectivitySettingsSchema = z.object({
  name: text({ max: 200 }),
  address: text({ max: 500 }),
  siret: optionalSiretField,
  email: z.union([z.literal(''), emailField]),
  phone: optionalText(50),
  /** Days the host has to pay, counted from the notice's issue date (and never before the semester's end). */
  dueDays: z
    .number({ error: m.number() })
    .int({ error: m.number() })
    .min(DUE_DAYS_BOUNDS.min, { error: m.min(DUE_DAYS_BOUNDS.min) })
    .max(DUE_DAYS_BOUNDS.max, { error: m.max(DUE_DAYS_BOUNDS.max) }),
  /** Where and how to pay, printed on every notice. */
  paymentInstructions: text({ max: 1000 }),
});
export type CollectivitySettings = z.output<typeof collectivitySettingsSchema>;
export type CollectivitySettingsInput = z.input<typeof collectivitySettingsSchema>;

export const DEFAULT_COLLECTIVITY_SETTINGS: CollectivitySettings = {
  name: 'Communauté de communes',
  address: 'Adresse à compléter dans les paramètres',
  siret: '',
  email: '',
  phone: '',
  dueDays: 30,
  paymentInstructions:
    'Paiement par virement ou en ligne (PayFiP) en indiquant la référence de paiement, ou auprès de la régie de recettes de la collectivité.',
};
