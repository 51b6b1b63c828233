import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminOnly } from './AdminOnly';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout, rootLoader } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Every screen is loaded on demand: the login page downloads only what it shows.
 * Feature routes inside the shell are listed in `shellRoutes`.
 */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: 'home', lazy: () => import('../home/HomePage').then((m) => ({ Component: m.HomePage })) },
  {
    path: 'account',
    lazy: () => import('../account/AccountPage').then((m) => ({ Component: m.AccountPage })),
  },
  {
    element: <AdminOnly />,
    children: [
      { path: 'users', lazy: () => import('../users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
      {
        path: 'users-archive',
        lazy: () => import('../users/UsersArchivePage').then((m) => ({ Component: m.UsersArchivePage })),
      },
      {
        path: 'users/:id',
        lazy: () => import('../users/UserDetailPage').then((m) => ({ Component: m.UserDetailPage })),
      },
      {
        path: 'admins',
        lazy: () => import('../admins/AdminsPage').then((m) => ({ Component: m.AdminsPage })),
      },
      {
        path: 'admins/:id',
        lazy: () => import('../admins/AdminDetailPage').then((m) => ({ Component: m.AdminDetailPage })),
      },
    ],
  },
  {
    path: 'pricings',
    lazy: () => import('../pricings/PricingsPage').then((m) => ({ Component: m.PricingsPage })),
  },
  {
    path: 'pricings/new',
    lazy: () => import('../pricings/PricingDetailPage').then((m) => ({ Component: m.PricingDetailPage })),
  },
  {
    path: 'pricings/:id',
    lazy: () => import('../pricings/PricingDetailPage').then((m) => ({ Component: m.PricingDetailPage })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    loader: rootLoader,
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: 'login', lazy: () => import('../auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
      {
        path: 'activate-account',
        lazy: () =>
          import('../activation/LinkPasswordPage').then((m) => ({ Component: m.ActivateAccountPage })),
      },
      {
        path: 'reset-password',
        lazy: () =>
          import('../activation/LinkPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'ask-reset-password',
        lazy: () =>
          import('../activation/AskResetPasswordPage').then((m) => ({ Component: m.AskResetPasswordPage })),
      },
      { path: '404', element: <NotFoundPage /> },
      {
        lazy: () => import('./shell/Shell').then((m) => ({ Component: m.Shell })),
        // A screen that fails shows its error inside the shell, with the navigation still there.
        children: [{ errorElement: <RouteError />, children: shellRoutes }],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
