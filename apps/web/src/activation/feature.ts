import { defineFeature } from '../ui/feature';

/** The pages an e-mail's link opens (with its token, even expired, so that they can say so), and the ask. */
export const activationFeature = defineFeature({
  name: 'activation',
  pages: [
    {
      path: 'activate-account',
      access: 'link',
      lazy: () => import('./LinkPasswordPage').then((m) => ({ Component: m.ActivateAccountPage })),
    },
    {
      path: 'reset-password',
      access: 'link',
      lazy: () => import('./LinkPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
    },
    {
      path: 'ask-reset-password',
      access: 'public',
      lazy: () => import('./AskResetPasswordPage').then((m) => ({ Component: m.AskResetPasswordPage })),
    },
  ],
});
