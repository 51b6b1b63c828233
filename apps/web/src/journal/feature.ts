import { ScrollText } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** The audit log: every change and sign-in, for admins (docs/features/audit.md). */
export const journalFeature = defineFeature({
  name: 'journal',
  texts,
  adminScreens: [
    { path: 'journal', Component: lazyScreen(() => import('./JournalPage').then((m) => m.JournalPage)) },
  ],
  sideBar: [{ labelKey: 'journal:title', to: '/journal', icon: ScrollText, visibleTo: 'admins' }],
});
