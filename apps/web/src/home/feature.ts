import { House } from 'lucide-react';
import { defineFeature } from '../ui/feature';
import texts from './nav.fr-FR.json';

export const homeFeature = defineFeature({
  name: 'home',
  texts,
  screens: [{ path: 'home', lazy: () => import('./HomePage').then((m) => ({ Component: m.HomePage })) }],
  sideBar: [{ labelKey: 'home:title', to: '/home', icon: House, visibleTo: 'everyone' }],
});
