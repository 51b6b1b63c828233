import { Archive, Users } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** The providers (hébergeurs), active and archived: admins only. */
export const providersFeature = defineFeature({
  name: 'providers',
  texts,
  adminScreens: [
    {
      path: 'users',
      opening: { title: 'providers:list.title', lead: 'providers:list.subtitle' },
      Component: lazyScreen(() => import('./UsersPage').then((m) => m.UsersPage)),
    },
    {
      path: 'users-archive',
      opening: { title: 'providers:list.archiveTitle', lead: 'providers:list.archiveSubtitle' },
      Component: lazyScreen(() => import('./UsersArchivePage').then((m) => m.UsersArchivePage)),
    },
    {
      path: 'users/:id',
      Component: lazyScreen(() => import('./UserDetailPage').then((m) => m.UserDetailPage)),
    },
  ],
  sideBar: [
    { labelKey: 'providers:list.title', to: '/users', icon: Users, visibleTo: 'admins' },
    { labelKey: 'providers:list.archiveTitle', to: '/users-archive', icon: Archive, visibleTo: 'admins' },
  ],
});
