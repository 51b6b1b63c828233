import { defineFeature } from '../ui/feature';
import texts from './fr-FR.json';

/** Mon compte: reached from the top bar and the footer, not the side bar. */
export const accountFeature = defineFeature({
  name: 'account',
  texts,
  screens: [
    { path: 'account', lazy: () => import('./AccountPage').then((m) => ({ Component: m.AccountPage })) },
  ],
});
