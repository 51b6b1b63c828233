import { ReceiptEuro } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const resumeFeature = defineFeature({
  name: 'resume',
  texts,
  // Every signed-in user: the API restricts a host to their own summary and notice ("Mes avis", reached from
  // Home and each establishment's screen, since a host's side bar lists only Home and their establishments).
  screens: [
    { path: 'resume', Component: lazyScreen(() => import('./ResumePage').then((m) => m.ResumePage)) },
  ],
  sideBar: [{ labelKey: 'resume:title', to: '/resume', icon: ReceiptEuro, visibleTo: 'admins' }],
});
