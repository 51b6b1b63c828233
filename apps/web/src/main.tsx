// Mantine's base styles and the theme's variables: the login form of a first visit needs them before any
// Mantine code is there; the app's full stylesheet (`app/App.tsx`) and provider repeat them.
import '@mantine/core/styles/baseline.css';
import 'virtual:theme-variables.css';
import '@mantine/core/styles/global.css';
import './app/shell/static-shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyRequests } from './api/early-requests';
import { Boot, loadApp, startsOnLogin } from './app/Boot';
import { arrivingTokenAction } from './session/arriving-token';
import { tokenFromSearch } from './session/token-param';
import { hasUnexpiredSession, storedUser, storeToken, TOKEN_KEY } from './session/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A link's token becomes the session at once, not when the lazily loaded app's router reads it: a page
// opened right after (or another tab) already finds it — unless it is another person's session than the
// one open, which the root layout asks about. The root layout does the same on later links.
const linkToken = tokenFromSearch(window.location.search);
if (linkToken) {
  const open = {
    token: localStorage.getItem(TOKEN_KEY),
    user: storedUser(),
    loggedIn: hasUnexpiredSession(),
  };
  if (arrivingTokenAction(linkToken, open).action === 'store') storeToken(linkToken);
}
const startOnLogin = startsOnLogin(window.location);
if (startOnLogin && window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Boot startOnLogin={startOnLogin} />
    </StrictMode>,
  );
if (startOnLogin) render();
else {
  // The screen's first reads start now, beside the app's download, not once it has rendered.
  if (hasUnexpiredSession()) startEarlyRequests(window.location.pathname);
  // index.html's static frame of the shell stays until the app and the address's screens are there (the
  // server lists them to preload): React then draws the same frame, filled, instead of a blank page with a
  // progress bar in between (the code is all there, so nothing suspends: docs/decisions/0166). As a transition,
  // React renders that whole first screen in slices that leave a phone's main thread free between them. A failed
  // download still renders, and the app's boundaries say so.
  loadApp()
    .then((app) => app.preloadFirstVisit(window.location))
    .catch(() => undefined)
    .finally(() => startTransition(render));
}
