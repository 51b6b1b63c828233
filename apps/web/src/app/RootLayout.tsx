import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { session } from '../session/session';
import { tokenFromSearch } from '../session/token-param';
import { useSession } from '../session/useSession';
import { isLinkWithToken, isPublicPath, UNKNOWN_PATH_ROUTE_ID } from './guard';

/** Runs before each navigation that changes the URL's query: a `token` in the link becomes the session. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  const token = tokenFromSearch(new URL(request.url).search);
  if (token && token !== session.token()) session.setToken(token);
  return null;
}

/**
 * The route guard: a fixed French page title; the logged-in pass; public pages, links with a token and
 * unknown paths (on their way to /404) open for anyone; anyone else goes to Login (docs/decisions/0005).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const unknownPath = useMatches().some((match) => match.id === UNKNOWN_PATH_ROUTE_ID);

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  if (
    !isLoggedIn &&
    !unknownPath &&
    !isPublicPath(location.pathname) &&
    !isLinkWithToken(location.pathname, location.search)
  ) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  return <Outlet />;
}
