import { Table2 } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const pricingsFeature = defineFeature({
  name: 'pricings',
  texts,
  pages: [
    {
      path: 'simulateur',
      access: 'public',
      lazy: () => import('./SimulatorPage').then((m) => ({ Component: m.SimulatorPage })),
    },
  ],
  // The list and creation are admins' screens; a host may read one pricing (decision 0103).
  adminScreens: [
    { path: 'pricings', lazy: () => import('./PricingsPage').then((m) => ({ Component: m.PricingsPage })) },
    {
      path: 'pricings/limites',
      lazy: () => import('./LegalBoundsPage').then((m) => ({ Component: m.LegalBoundsPage })),
    },
    {
      path: 'pricings/new',
      lazy: () => import('./PricingDetailPage').then((m) => ({ Component: m.PricingDetailPage })),
    },
  ],
  screens: [
    {
      path: 'pricings/:id',
      lazy: () => import('./PricingDetailPage').then((m) => ({ Component: m.PricingDetailPage })),
    },
  ],
  sideBar: [{ labelKey: 'pricings:list.title', to: '/pricings', icon: Table2, visibleTo: 'admins' }],
});
