import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './fr-FR.json';

export const authFeature = defineFeature({
  name: 'auth',
  texts,
  pages: [
    {
      path: 'login',
      access: 'public',
      Component: lazyScreen(() => import('./LoginPage').then((m) => m.LoginPage)),
    },
  ],
});
