import { Inbox } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
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
      Component: lazyScreen(() => import('./PublicFormPage').then((m) => m.PublicForm)),
    },
    {
      path: 'public-form-pro',
      access: 'public',
      Component: lazyScreen(() => import('./PublicFormPage').then((m) => m.PublicFormPro)),
    },
  ],
  adminScreens: [
    {
      path: 'reports',
      opening: { title: 'reports:list.title', lead: 'reports:list.subtitle' },
      Component: lazyScreen(() => import('./ReportsPage').then((m) => m.ReportsPage)),
    },
    {
      path: 'reports/:id',
      Component: lazyScreen(() => import('./ReportPage').then((m) => m.ReportPage)),
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
