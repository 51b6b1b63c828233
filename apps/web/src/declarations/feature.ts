import { FileText } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** Monthly declarations: a host's own (from their establishments), every one for admins. */
export const declarationsFeature = defineFeature({
  name: 'declarations',
  texts,
  screens: [
    {
      path: 'declarations/:id',
      lazy: () => import('./DeclarationPage').then((m) => ({ Component: m.DeclarationPage })),
    },
  ],
  adminScreens: [
    {
      path: 'declarations',
      lazy: () => import('./DeclarationsPage').then((m) => ({ Component: m.DeclarationsPage })),
    },
  ],
  sideBar: [
    { labelKey: 'declarations:list.title', to: '/declarations', icon: FileText, visibleTo: 'admins' },
  ],
});
