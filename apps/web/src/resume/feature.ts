import { Receipt } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const resumeFeature = defineFeature({
  name: 'resume',
  texts,
  // Every signed-in user: the API restricts a host to their own summary and notice.
  screens: [
    { path: 'resume', Component: lazyScreen(() => import('./ResumePage').then((m) => m.ResumePage)) },
  ],
  sideBar: [
    { labelKey: 'resume:title', to: '/resume', icon: Receipt, visibleTo: 'admins' },
    { labelKey: 'resume:hostTitle', to: '/resume', icon: Receipt, visibleTo: 'hosts' },
  ],
});
