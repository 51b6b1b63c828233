import { defineFeature, lazyScreen } from '../ui/feature';

/** Mon compte: reached from the top bar and the footer, not the side bar; and the new address's link. */
export const accountFeature = defineFeature({
  name: 'account',
  pages: [
    {
      path: 'confirm-email',
      access: 'public',
      Component: lazyScreen(() => import('./ConfirmEmailPage').then((m) => m.ConfirmEmailPage)),
    },
  ],
  screens: [
    {
      path: 'account',
      opening: { title: 'account:title' },
      Component: lazyScreen(() => import('./AccountPage').then((m) => m.AccountPage)),
    },
  ],
});
