import { Archive, Users } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** The providers (hébergeurs), active and archived: admins only. */
export const usersFeature = defineFeature({
  name: 'users',
  texts,
  adminScreens: [
    { path: 'users', lazy: () => import('./UsersPage').then((m) => ({ Component: m.UsersPage })) },
    {
      path: 'users-archive',
      lazy: () => import('./UsersArchivePage').then((m) => ({ Component: m.UsersArchivePage })),
    },
    {
      path: 'users/:id',
      lazy: () => import('./UserDetailPage').then((m) => ({ Component: m.UserDetailPage })),
    },
  ],
  sideBar: [
    { labelKey: 'users:list.title', to: '/users', icon: Users, visibleTo: 'admins' },
    { labelKey: 'users:list.archiveTitle', to: '/users-archive', icon: Archive, visibleTo: 'admins' },
  ],
});
