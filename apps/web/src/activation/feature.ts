import { defineFeature, lazyScreen } from '../ui/feature';

/** The pages an e-mail's link opens (with its token, even expired, so that they can say so), and the ask. */
export const activationFeature = defineFeature({
  name: 'activation',
  pages: [
    {
      path: 'activate-account',
      access: 'link',
      Component: lazyScreen(() => import('./LinkPasswordPage').then((m) => m.ActivateAccountPage)),
    },
    {
      path: 'reset-password',
      access: 'link',
      Component: lazyScreen(() => import('./LinkPasswordPage').then((m) => m.ResetPasswordPage)),
    },
    {
      path: 'ask-reset-password',
      access: 'public',
      Component: lazyScreen(() => import('./AskResetPasswordPage').then((m) => m.AskResetPasswordPage)),
    },
  ],
});
