import { ScrollText } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** The audit log: every change and sign-in, for admins (docs/features/audit.md). */
export const auditFeature = defineFeature({
  name: 'audit',
  texts,
  adminScreens: [
    {
      path: 'journal',
      opening: { title: 'audit:title', lead: 'audit:subtitle' },
      Component: lazyScreen(() => import('./JournalPage').then((m) => m.JournalPage)),
    },
  ],
  sideBar: [{ labelKey: 'audit:title', to: '/journal', icon: ScrollText, visibleTo: 'admins' }],
});
