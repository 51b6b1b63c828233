import { ShieldCheck } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const adminsFeature = defineFeature({
  name: 'admins',
  texts,
  adminScreens: [
    {
      path: 'admins',
      opening: { title: 'admins:list.title', lead: 'admins:list.subtitle' },
      Component: lazyScreen(() => import('./AdminsPage').then((m) => m.AdminsPage)),
    },
    {
      path: 'admins/:id',
      Component: lazyScreen(() => import('./AdminDetailPage').then((m) => m.AdminDetailPage)),
    },
  ],
  sideBar: [{ labelKey: 'admins:list.title', to: '/admins', icon: ShieldCheck, visibleTo: 'admins' }],
});
