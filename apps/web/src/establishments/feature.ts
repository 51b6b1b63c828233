import { Building2 } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
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
      opening: { title: 'establishments:list.title', lead: 'establishments:list.subtitle' },
      Component: lazyScreen(() => import('./EstablishmentsPage').then((m) => m.EstablishmentsPage)),
    },
    {
      path: 'establishments/natures',
      opening: { title: 'establishments:natures.title', lead: 'establishments:natures.subtitle' },
      Component: lazyScreen(() => import('./NaturesToConfirmPage').then((m) => m.NaturesToConfirmPage)),
    },
    {
      path: 'establishments/new',
      Component: lazyScreen(() => import('./EstablishmentDetailPage').then((m) => m.EstablishmentDetailPage)),
    },
  ],
  screens: [
    {
      path: 'establishments/:id',
      Component: lazyScreen(() => import('./EstablishmentDetailPage').then((m) => m.EstablishmentDetailPage)),
    },
  ],
  sideBar: [
    { labelKey: 'establishments:list.title', to: '/establishments', icon: Building2, visibleTo: 'admins' },
  ],
});
