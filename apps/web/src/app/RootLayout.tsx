import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, Navigate, Outlet, useLocation } from 'react-router';
import { session } from '../session/session';
import { useSession } from '../session/useSession';
import { isLinkWithToken, isPublicPath, tokenFromSearch } from './guard';

/** Runs before each navigation that changes the URL's query: a `token` in the link becomes the session. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  const token = tokenFromSearch(new URL(request.url).search);
  if (token && token !== session.token()) session.setToken(token);
  return null;
}

/** The route guard (spec §2): a fixed French page title; the logged-in pass, anyone else goes to Login. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useSession();

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  if (
    !isLoggedIn &&
    !isPublicPath(location.pathname) &&
    !isLinkWithToken(location.pathname, location.search)
  ) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  return <Outlet />;
}
