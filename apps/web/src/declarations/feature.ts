import { FileText } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** Monthly declarations: a host's own (from their establishments), every one for admins. */
export const declarationsFeature = defineFeature({
  name: 'declarations',
  texts,
  screens: [
    {
      path: 'declarations/forfait/new',
      Component: lazyScreen(() => import('./ForfaitDeclaration').then((m) => m.NewForfaitDeclarationPage)),
    },
    {
      path: 'declarations/:id',
      Component: lazyScreen(() => import('./DeclarationPage').then((m) => m.DeclarationPage)),
    },
  ],
  adminScreens: [
    {
      path: 'declarations',
      opening: { title: 'declarations:list.title' },
      Component: lazyScreen(() => import('./DeclarationsPage').then((m) => m.DeclarationsPage)),
    },
  ],
  sideBar: [
    { labelKey: 'declarations:list.title', to: '/declarations', icon: FileText, visibleTo: 'admins' },
  ],
});
