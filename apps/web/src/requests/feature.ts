import { defineFeature, lazyScreen } from '../ui/feature';

/**
 * Change requests: the admins' screen is reached from Home (no side-bar entry); hosts ask from their
 * establishment's page and their account page.
 */
export const requestsFeature = defineFeature({
  name: 'requests',
  adminScreens: [
    {
      path: 'change-requests',
      opening: { title: 'requests:title', lead: 'requests:intro' },
      Component: lazyScreen(() => import('./ChangeRequestsPage').then((m) => m.ChangeRequestsPage)),
    },
  ],
});
