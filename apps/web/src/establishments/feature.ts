import { Building2 } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

/**
 * Establishments (hébergements): admins list and create them; a host opens their own from the side bar (one
 * entry per establishment, built by the shell from `useOwnEstablishments`).
 */
export const establishmentsFeature = defineFeature({
  name: 'establishments',
  texts,
  adminScreens: [
    {
      path: 'establishments',
      lazy: () => import('./EstablishmentsPage').then((m) => ({ Component: m.EstablishmentsPage })),
    },
    {
      path: 'establishments/new',
      lazy: () => import('./EstablishmentDetailPage').then((m) => ({ Component: m.EstablishmentDetailPage })),
    },
  ],
  screens: [
    {
      path: 'establishments/:id',
      lazy: () => import('./EstablishmentDetailPage').then((m) => ({ Component: m.EstablishmentDetailPage })),
    },
  ],
  sideBar: [
    { labelKey: 'establishments:list.title', to: '/establishments', icon: Building2, visibleTo: 'admins' },
  ],
});
