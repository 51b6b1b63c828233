import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './fr-FR.json';

/** Mon compte: reached from the top bar and the footer, not the side bar. */
export const accountFeature = defineFeature({
  name: 'account',
  texts,
  screens: [
    { path: 'account', Component: lazyScreen(() => import('./AccountPage').then((m) => m.AccountPage)) },
  ],
});
