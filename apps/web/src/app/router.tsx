import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminOnly } from './AdminOnly';
import { features } from './features';
import { UNKNOWN_PATH_ROUTE_ID } from './guard';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout, rootLoader } from './RootLayout';
import { RouteError } from './RouteError';

/** The screens inside the shell, from the features' manifests. Every screen is loaded on demand. */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  ...features.flatMap((feature) => feature.screens ?? []),
  { element: <AdminOnly />, children: features.flatMap((feature) => feature.adminScreens ?? []) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    loader: rootLoader,
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      ...features.flatMap((feature) => (feature.pages ?? []).map(({ access: _, ...route }) => route)),
      { path: '404', element: <NotFoundPage /> },
      {
        lazy: () => import('./shell/Shell').then((m) => ({ Component: m.Shell })),
        // A screen that fails shows its error inside the shell, with the navigation still there.
        children: [{ errorElement: <RouteError />, children: shellRoutes }],
      },
      { id: UNKNOWN_PATH_ROUTE_ID, path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
