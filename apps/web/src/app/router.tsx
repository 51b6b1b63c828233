import { Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useTranslation } from '../i18n';
import { session } from '../session/session';
import { lazyScreen, preloadScreen, startFirstReads } from '../ui/feature';
import { TopProgress } from '../ui/feedback/TopProgress';
import { AdminOnly } from './AdminOnly';
import { features } from './features';
import { UNKNOWN_PATH_ROUTE_ID } from './guard';
import { NotFoundPage } from './NotFoundPage';
import { queryClient } from './query-client';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteError';

const Shell = lazyScreen(() => import('./shell/Shell').then((m) => m.Shell));

/**
 * Where a screen renders, inside the shell's main area (whose Suspense shows the page loader while a
 * screen's code downloads): a screen that fails shows its error there, with the navigation still around it.
 */
function ScreenOutlet() {
  return (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** The screens inside the shell, from the features' manifests. Every screen is loaded on demand. */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  ...features.flatMap((feature) => feature.screens ?? []),
  { element: <AdminOnly />, children: features.flatMap((feature) => feature.adminScreens ?? []) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout isUnknownPath={isUnknownPath} />,
    children: [
      ...features.flatMap((feature) => (feature.pages ?? []).map(({ access: _, ...route }) => route)),
      { path: '404', element: <NotFoundPage /> },
      { Component: Shell, children: [{ element: <ScreenOutlet />, children: shellRoutes }] },
      { id: UNKNOWN_PATH_ROUTE_ID, path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** Whether `pathname` falls to the catch-all route: no page or screen has that address. */
export function isUnknownPath(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some((match) => match.route.id === UNKNOWN_PATH_ROUTE_ID);
}

/**
 * The app's routes at the browser's address (inside a BrowserRouter). The code of every route the address
 * matches starts downloading at once (the shell's and the screen's together), and a failure outside the
 * shell shows RouteError in place of the page.
 */
export function AppRoutes() {
  const location = useLocation();
  void preloadPath(location);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingBar />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Starts downloading the code of every route `location` matches; settles once all of it is there. */
export function preloadPath(location: string | { pathname: string }): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, location) ?? []).map((match) => preloadScreen(match.route.Component)),
  );
}

/**
 * A first visit's preparation before React's first render: the code of every route `location` matches, and,
 * with a session, the reads those routes name (`firstReads`), started in the query cache as each one's code
 * arrives. Settles once all of it has started.
 */
export function preloadFirstVisit(
  location: string | { pathname: string; search?: string },
): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  const role = session.isLoggedIn() ? session.snapshot().data?.user.role : undefined;
  if (!role) return preloadPath(location);
  const search = new URLSearchParams(
    typeof location === 'string' ? location.split('?')[1]?.split('#')[0] : location.search,
  );
  return Promise.all(
    matches.map((match) =>
      startFirstReads(match.route.Component, { queryClient, params: match.params, search, role }),
    ),
  );
}

/**
 * Starts downloading what `location` shows, and settles once the shell's code is there: the shell can then
 * show at once, with its progress bar while the screen's own code arrives.
 */
export function prepareShellAt(location: string): Promise<unknown> {
  void preloadPath(location);
  return preloadScreen(Shell);
}

/** Before the shell's code is there, nothing else to show but that it is coming. */
function LoadingBar() {
  const { t } = useTranslation();
  return <TopProgress label={t('common:loading')} />;
}
