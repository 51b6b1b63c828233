import { z } from 'zod';
import { typeOfNature } from '../deliberation/natures';
import { checkNatureFields, natureFields } from '../establishments/nature';
import {
  capacityField,
  establishmentMessages,
  numeroField,
  openingDateSchema,
} from '../establishments/schemas';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { phoneField } from '../identity/phone-rule';
import type { PostalAddress } from '../identity/postal-address';
import {
  emailField,
  intField,
  optionalText,
  orNull,
  postalCodeField,
  safeString,
  text,
} from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { REPORT_KINDS, type ReportContent } from './view';

/** Largest body `POST establishments/report` reads: a form of short texts, far below the default limit. */
export const REPORT_BODY_LIMIT = 16 * 1024;

export const SIRET_LENGTH = 14;

export const reportMessages = {
  siretLength: (count: number) =>
    `Le numéro SIRET comporte ${SIRET_LENGTH} chiffres (vous en utilisez actuellement ${count}).`,
  siretKey: () => 'Ce numéro SIRET n’est pas valide : vérifiez ses chiffres.',
  consent: () => 'Veuillez cocher cette case pour envoyer votre demande.',
  companyAddress: () => 'Indiquez l’adresse de la société, ou cochez « Même adresse que l’établissement ».',
} as const;

/** Luhn's key, which every SIRET satisfies (La Poste's establishments aside, numbered 356 000 000…). */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) {
    const sum = [...value].reduce((total, digit) => total + Number(digit), 0);
    return sum % 5 === 0;
  }
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A SIRET as typed, kept as its 14 digits: spaces of any kind (a pasted "732 829 320 00074") are dropped
 * first, then the length and the key are checked. The one rule of every SIRET field (public form, Paramètres).
 */
const siretDigits = safeString()
  .trim()
  // An overwrite, not a transform: a response holding a SIRET is encoded back through this schema.
  .overwrite((value) => value.replace(/\s+/g, ''));

function checkSiret(value: string, ctx: z.RefinementCtx): void {
  if (!/^\d+$/.test(value) || value.length !== SIRET_LENGTH)
    ctx.addIssue({ code: 'custom', message: reportMessages.siretLength(value.replace(/\D/g, '').length) });
  else if (!isValidSiret(value)) ctx.addIssue({ code: 'custom', message: reportMessages.siretKey() });
}

export const siretField = siretDigits.superRefine((value, ctx) => {
  if (value.length === 0) ctx.addIssue({ code: 'custom', message: m.required() });
  else checkSiret(value, ctx);
});

/** A SIRET that may be left empty (''), else checked like `siretField`. */
export const optionalSiretField = siretDigits.superRefine((value, ctx) => {
  if (value.length > 0) checkSiret(value, ctx);
});

const optionalNumero = z
  .union([z.literal(''), z.null(), numeroField])
  .transform((value) => (value === '' ? null : value))
  .optional()
  .default(null);

/**
 * Body of `POST establishments/report`: the declarant and the accommodation, as either public form sends
 * them. The accommodation's fields follow the establishments' rules (same registration number rule, same
 * capacities), but where an admin may leave a field empty the public form asks for it. `website` is a
 * honeypot: hidden from people, filled by robots; it is accepted whatever it holds, so that a robot cannot
 * tell that it was caught (docs/features/reports.md).
 */
export const reportPayloadSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    firstname: text({ max: 100 }),
    lastname: text({ max: 100 }),
    email: emailField,
    phone: orNull(phoneField).optional().default(null),
    company: orNull(optionalText(200)).optional().default(null),
    siret: z
      .union([z.null(), optionalSiretField])
      .transform((value) => (value === '' ? null : value))
      .optional()
      .default(null),
    name: text({ max: 200 }),
    address: text({ max: 300 }),
    cp: postalCodeField,
    city: text({ max: 100 }),
    /** The grid row; left empty when a nature is chosen, which gives it. */
    type: z
      .union([z.literal(''), z.null(), z.enum(ESTABLISHMENT_TYPES)], { error: establishmentMessages.type() })
      .transform((value) => (value === '' ? null : value))
      .optional()
      .default(null),
    ...natureFields,
    typePrecision: orNull(optionalText(200)).optional().default(null),
    capacityMaxRoom: capacityField.optional().default(null),
    capacityMaxPerson: capacityField.optional().default(null),
    numero: optionalNumero,
    /** The company's postal address (professionals): where its notices are sent. */
    companySameAddress: z.boolean().optional().default(false),
    companyAddress: orNull(optionalText(300)).optional().default(null),
    companyCp: z
      .union([z.literal(''), z.null(), postalCodeField])
      .transform((value) => (value === '' ? null : value))
      .optional()
      .default(null),
    companyCity: orNull(optionalText(100)).optional().default(null),
    openingDate: openingDateSchema,
    consent: z.literal(true, { error: reportMessages.consent() }),
    website: safeString().max(500).optional().default(''),
  })
  .superRefine((report, ctx) => {
    if (!report.type && !report.nature)
      ctx.addIssue({ code: 'custom', path: ['type'], message: establishmentMessages.type() });
    checkNatureFields(report, ctx);
    if (report.kind !== 'pro') return;
    if (!report.company) ctx.addIssue({ code: 'custom', path: ['company'], message: m.required() });
    if (!report.siret) ctx.addIssue({ code: 'custom', path: ['siret'], message: m.required() });
    if (report.companySameAddress) return;
    if (!report.companyAddress)
      ctx.addIssue({ code: 'custom', path: ['companyAddress'], message: reportMessages.companyAddress() });
    if (!report.companyCp) ctx.addIssue({ code: 'custom', path: ['companyCp'], message: m.required() });
    if (!report.companyCity) ctx.addIssue({ code: 'custom', path: ['companyCity'], message: m.required() });
  })
  .transform(({ type, nature = null, stars = null, classifiedOn = null, ...rest }) => {
    // The nature chosen gives the row; without one, the row chosen stands (checked above: one of the two).
    const report = {
      ...rest,
      type: nature ? typeOfNature(nature, stars) : (type as EstablishmentType),
      nature,
      stars: nature ? stars : null,
      classifiedOn: nature && stars !== null ? classifiedOn : null,
    };
    // An individual's report has no company; a company "at the same address" takes the establishment's.
    if (report.kind !== 'pro')
      return {
        ...report,
        companySameAddress: false,
        companyAddress: null,
        companyCp: null,
        companyCity: null,
      };
    if (!report.companySameAddress) return report;
    return { ...report, companyAddress: report.address, companyCp: report.cp, companyCity: report.city };
  });
export type ReportPayload = z.output<typeof reportPayloadSchema>;
export type ReportPayloadInput = z.input<typeof reportPayloadSchema>;

/** The provider's postal address a report gives: the company's (professionals), none for individuals. */
export function reportProviderAddress(report: ReportContent): PostalAddress {
  return {
    address: report.companyAddress ?? null,
    cp: report.companyCp ?? null,
    city: report.companyCity ?? null,
  };
}

export function reportContentOf(payload: ReportPayload): ReportContent {
  const { consent: _consent, website: _website, ...content } = payload;
  return content;
}

/**
 * `POST reports/{id}/accept`: creates the provider and the establishment, or attaches the establishment to
 * the existing provider `providerId` (one the admin saw beside the report).
 */
export const reportAcceptSchema = z.object({
  providerId: intField({ min: 1 }).nullable().optional().default(null),
});
export type ReportAccept = z.output<typeof reportAcceptSchema>;

/** `POST reports/{id}/reject`: the reason is mailed to the declarant. */
export const reportRejectSchema = z.object({
  reason: text({ min: 3, max: 2000 }),
});
export type ReportReject = z.output<typeof reportRejectSchema>;
