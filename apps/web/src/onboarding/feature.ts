import { FileUp } from 'lucide-react';
import { defineFeature, lazyScreen } from '../ui/feature';
import texts from './nav.fr-FR.json';

/** Bulk onboarding of providers and establishments from a spreadsheet: admins only. */
export const onboardingFeature = defineFeature({
  name: 'onboarding',
  texts,
  adminScreens: [
    {
      path: 'onboarding',
      Component: lazyScreen(() => import('./OnboardingPage').then((m) => m.OnboardingPage)),
    },
  ],
  sideBar: [{ labelKey: 'onboarding:nav', to: '/onboarding', icon: FileUp, visibleTo: 'admins' }],
});
