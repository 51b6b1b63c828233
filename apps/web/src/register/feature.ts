import { defineFeature } from '../ui/feature';

/** The host's register of stays: one screen per establishment, opened from the establishment's page. */
export const registerFeature = defineFeature({
  name: 'register',
  screens: [
    {
      path: 'establishments/:id/register',
      lazy: () => import('./RegisterPage').then((m) => ({ Component: m.RegisterPage })),
    },
  ],
});
