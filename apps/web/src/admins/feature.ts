import { ShieldCheck } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const adminsFeature = defineFeature({
  name: 'admins',
  texts,
  adminScreens: [
    { path: 'admins', lazy: () => import('./AdminsPage').then((m) => ({ Component: m.AdminsPage })) },
    {
      path: 'admins/:id',
      lazy: () => import('./AdminDetailPage').then((m) => ({ Component: m.AdminDetailPage })),
    },
  ],
  sideBar: [{ labelKey: 'admins:list.title', to: '/admins', icon: ShieldCheck, visibleTo: 'admins' }],
});
