import { House } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const homeFeature = defineFeature({
  name: 'home',
  texts,
  screens: [
    {
      path: 'home',
      opening: { title: 'home:greeting', lead: 'home:intro' },
      Component: lazyScreen(() => import('./HomePage').then((m) => m.HomePage)),
    },
  ],
  sideBar: [{ labelKey: 'home:title', to: '/home', icon: House, visibleTo: 'everyone' }],
});
