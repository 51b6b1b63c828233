import { defineFeature, lazyScreen } from '../ui/feature';

/** Mon compte: reached from the top bar and the footer, not the side bar. */
export const accountFeature = defineFeature({
  name: 'account',
  screens: [
    { path: 'account', Component: lazyScreen(() => import('./AccountPage').then((m) => m.AccountPage)) },
  ],
});
