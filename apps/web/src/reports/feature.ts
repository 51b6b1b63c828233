import { Inbox } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

/**
 * Registering a new accommodation without an account: the public forms (PublicForm for individuals,
 * PublicFormPro for professionals), and the admins' queue that accepts or rejects what they send.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  texts,
  pages: [
    {
      path: 'public-form',
      access: 'public',
      lazy: () => import('./PublicFormPage').then((m) => ({ Component: m.PublicForm })),
    },
    {
      path: 'public-form-pro',
      access: 'public',
      lazy: () => import('./PublicFormPage').then((m) => ({ Component: m.PublicFormPro })),
    },
  ],
  adminScreens: [
    { path: 'reports', lazy: () => import('./ReportsPage').then((m) => ({ Component: m.ReportsPage })) },
    {
      path: 'reports/:id',
      lazy: () => import('./ReportPage').then((m) => ({ Component: m.ReportPage })),
    },
  ],
  sideBar: [
    {
      labelKey: 'reports:list.title',
      to: '/reports',
      icon: Inbox,
      visibleTo: 'admins',
      badge: () => import('./badge'),
    },
  ],
});
