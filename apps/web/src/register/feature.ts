import { defineFeature, lazyScreen } from '../ui/feature';

/** The host's register of stays: one screen per establishment, opened from the establishment's page. */
export const registerFeature = defineFeature({
  name: 'register',
  screens: [
    {
      path: 'establishments/:id/register',
      Component: lazyScreen(() => import('./RegisterPage').then((m) => m.RegisterPage)),
    },
  ],
});
