import { defineFeature, lazyScreen } from '../ui/feature';

/**
 * Bulk onboarding of providers and establishments from a spreadsheet: admins only, reached from the providers'
 * list (the side bar keeps the specification's entries).
 */
export const onboardingFeature = defineFeature({
  name: 'onboarding',
  adminScreens: [
    {
      path: 'onboarding',
      opening: { title: 'onboarding:title' },
      Component: lazyScreen(() => import('./OnboardingPage').then((m) => m.OnboardingPage)),
    },
  ],
});
