import { defineFeature } from '../ui/feature';
import texts from './fr-FR.json';

export const authFeature = defineFeature({
  name: 'auth',
  texts,
  pages: [
    {
      path: 'login',
      access: 'public',
      lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
    },
  ],
});
