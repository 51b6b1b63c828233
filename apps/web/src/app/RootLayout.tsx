import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { arrivingTokenAction, dropTokenFromAddress } from '../session/arriving-token';
import { session } from '../session/session';
import { searchWithoutToken, tokenFromSearch } from '../session/token-param';
import { useSession } from '../session/useSession';
import { isLinkPath, isLinkWithToken, isPublicPath } from './guard';
import { queryClient } from './query-client';
import { SessionSwitchPrompt } from './SessionSwitchPrompt';

/** A link's session of another person, waiting for the person's answer on the page it opened. */
interface SwitchQuestion {
  token: string;
  current: string;
  next: string;
  pathname: string;
}

/**
 * The route guard: a fixed French page title; the logged-in pass; public pages, links with a token and
 * unknown paths (on their way to /404) open for anyone; anyone else goes to Login (docs/decisions/0005).
 * `isUnknownPath` says whether only the catch-all route matches a path (the router's table knows).
 */
export function RootLayout(props: { isUnknownPath: (pathname: string) => boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, token } = useSession();
  const [question, setQuestion] = useState<SwitchQuestion | null>(null);

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  // A `token` in a link the app navigates to becomes the session before the guard decides: nothing renders
  // until the layout effect has stored it (its update re-renders before the browser paints). Once per
  // navigation: the session may change later on the same address (a new token after choosing a password, a
  // logout), and the link must not bring the old one back. The session of another person than the one
  // signed in waits for their answer (`arrivingTokenAction`). Once read, the token leaves the address and
  // this history entry: the link pages keep it in the router's location (they read it, and open with an
  // expired one to say so), every other page is taken to the same address without it.
  const linkToken = tokenFromSearch(location.search);
  const forgetToken = () =>
    void navigate(
      { pathname: location.pathname, search: searchWithoutToken(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const forgetAfterLayout = useRef(false);
  const linkPending = checkedAt !== location.key && linkToken !== null && linkToken !== token;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (the location's key)
  useLayoutEffect(() => {
    if (linkToken !== null) {
      const open = {
        token: session.token(),
        user: session.data()?.user ?? null,
        loggedIn: session.isLoggedIn(),
      };
      const decision = arrivingTokenAction(linkToken, open);
      if (decision.action === 'store') session.setToken(linkToken);
      if (decision.action === 'ask') {
        setQuestion({
          token: linkToken,
          current: decision.current,
          next: decision.next,
          pathname: location.pathname,
        });
      }
      // The address bar and the history entry at once; the router's location (which the link pages read)
      // once the page no longer needs it.
      dropTokenFromAddress();
      forgetAfterLayout.current = decision.action !== 'ask' && !isLinkPath(location.pathname);
    }
    setCheckedAt(location.key);
  }, [location.key]);
  // The router listens to the history from its own layout effect, which runs after this component's when both
  // mount in one commit (a first visit whose code was all there): a navigation from the layout effect above
  // would go unheard. Passive effects run after every layout effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (the location's key)
  useEffect(() => {
    if (!forgetAfterLayout.current) return;
    forgetAfterLayout.current = false;
    forgetToken();
  }, [location.key]);
  if (linkPending) return null;
  if (question && question.pathname === location.pathname) {
    return (
      <SessionSwitchPrompt
        current={question.current}
        next={question.next}
        onContinue={() => {
          // Nothing read for the other account may show in this one.
          queryClient.clear();
          session.setToken(question.token);
          setQuestion(null);
          forgetToken();
        }}
        onStay={() => {
          setQuestion(null);
          forgetToken();
        }}
      />
    );
  }

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
