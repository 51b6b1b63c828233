import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './fr-FR.json';

/** The host's register of stays: one screen per establishment, opened from the establishment's page. */
export const registerFeature = defineFeature({
  name: 'register',
  texts,
  screens: [
    {
      path: 'establishments/:id/register',
      Component: lazyScreen(() => import('./RegisterPage').then((m) => m.RegisterPage)),
    },
  ],
});
