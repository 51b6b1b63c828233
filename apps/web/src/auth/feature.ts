import { defineFeature } from '../ui/feature';

export const authFeature = defineFeature({
  name: 'auth',
  pages: [
    {
      path: 'login',
      access: 'public',
      lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
    },
  ],
});
