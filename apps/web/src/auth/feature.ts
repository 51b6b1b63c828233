import { defineFeature, lazyScreen } from '../ui/feature';

export const authFeature = defineFeature({
  name: 'auth',
  pages: [
    {
      path: 'login',
      access: 'public',
      Component: lazyScreen(() => import('./LoginPage').then((m) => m.LoginPage)),
    },
  ],
});
