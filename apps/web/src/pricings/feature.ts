import { Table2 } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const pricingsFeature = defineFeature({
  name: 'pricings',
  texts,
  pages: [
    {
      path: 'simulateur',
      access: 'public',
      Component: lazyScreen(() => import('./SimulatorPage').then((m) => m.SimulatorPage)),
    },
  ],
  // The list and creation are admins' screens; a host may read one pricing (docs/features/pricings.md).
  adminScreens: [
    {
      path: 'pricings',
      opening: { title: 'pricings:list.title', lead: 'pricings:list.intro' },
      Component: lazyScreen(() => import('./PricingsPage').then((m) => m.PricingsPage)),
    },
    {
      path: 'pricings/limites',
      Component: lazyScreen(() => import('./LegalBoundsPage').then((m) => m.LegalBoundsPage)),
    },
    {
      path: 'pricings/new',
      Component: lazyScreen(() => import('./PricingDetailPage').then((m) => m.PricingDetailPage)),
    },
  ],
  screens: [
    {
      path: 'pricings/:id',
      Component: lazyScreen(() => import('./PricingDetailPage').then((m) => m.PricingDetailPage)),
    },
  ],
  sideBar: [{ labelKey: 'pricings:list.title', to: '/pricings', icon: Table2, visibleTo: 'admins' }],
});
