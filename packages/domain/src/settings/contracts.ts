import { defineRoute } from '../contracts/contract';
import { collectivitySettingsSchema } from './schemas';

/** The collectivity's identity and payment terms, printed on the notices. */
export const settingsApi = {
  getCollectivity: defineRoute({
    method: 'GET',
    path: '/settings/collectivity',
    summary: 'La collectivité telle que les avis la présentent',
    tags: ['settings'],
    access: 'admin',
    response: collectivitySettingsSchema,
    errors: [],
  }),
  updateCollectivity: defineRoute({
    method: 'PUT',
    path: '/settings/collectivity',
    summary: 'Modifier la collectivité, le délai et les modalités de paiement des avis',
    tags: ['settings'],
    access: 'admin',
    body: collectivitySettingsSchema,
    response: collectivitySettingsSchema,
    errors: [],
  }),
} as const;
