import { Settings } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** The collectivity's settings printed on the notices: identity, contact, due date and payment terms. */
export const settingsFeature = defineFeature({
  name: 'settings',
  texts,
  adminScreens: [
    {
      path: 'settings',
      opening: { title: 'settings:title' },
      Component: lazyScreen(() => import('./SettingsPage').then((m) => m.SettingsPage)),
    },
  ],
  sideBar: [{ labelKey: 'settings:title', to: '/settings', icon: Settings, visibleTo: 'admins' }],
});
