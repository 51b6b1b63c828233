import { useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { session } from '../session/session';
import { tokenFromSearch } from '../session/token-param';
import { useSession } from '../session/useSession';
import { isLinkWithToken, isPublicPath } from './guard';

/**
 * The route guard: a fixed French page title; the logged-in pass; public pages, links with a token and
 * unknown paths (on their way to /404) open for anyone; anyone else goes to Login (docs/decisions/0005).
 * `isUnknownPath` says whether only the catch-all route matches a path (the router's table knows).
 */
export function RootLayout(props: { isUnknownPath: (pathname: string) => boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn, token } = useSession();

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  // A `token` in a link the app navigates to becomes the session before the guard decides: nothing renders
  // until the layout effect has stored it (its update re-renders before the browser paints). Once per
  // navigation: the session may change later on the same address (a new token after choosing a password, a
  // logout), and the link must not bring the old one back.
  const linkToken = tokenFromSearch(location.search);
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const linkPending = checkedAt !== location.key && linkToken !== null && linkToken !== token;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (the location's key)
  useLayoutEffect(() => {
    if (linkToken !== null && linkToken !== session.token()) session.setToken(linkToken);
    setCheckedAt(location.key);
  }, [location.key]);
  if (linkPending) return null;

  if (
    !isLoggedIn &&
    !props.isUnknownPath(location.pathname) &&
    !isPublicPath(location.pathname) &&
    !isLinkWithToken(location.pathname, location.search)
  ) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  return <Outlet />;
}
