import { Suspense, useState } from 'react';
import texts from '../auth/fr-FR.json';
import { LoginForm } from '../auth/LoginForm';
import { tokenFromSearch } from '../session/token-param';
import { hasUnexpiredSession, storeToken } from '../session/token-storage';
import { TopProgress } from '../ui/feedback/TopProgress';
import { onDemand, onDemandComponent } from '../ui/on-demand';

const app = onDemand(() => import('./App'));
/** The app's code (router, screens, queries), fetched once whoever asks first: the entry or the login form. */
export const loadApp = () => app.load();
const App = onDemandComponent(app, (module) => module.App);

/**
 * Whether this visit starts on the login form: /login, or the root without a session. Everything else
 * (and a link carrying a token) opens the app, whose router and guard decide.
 */
export function startsOnLogin(location: { pathname: string; search: string }): boolean {
  if (tokenFromSearch(location.search)) return false;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  return path === '/login' || (path === '/' && !hasUnexpiredSession());
}

/**
 * What the entry renders. A visitor who starts on the login gets the login form alone (React and its own
 * CSS: the smallest first visit); the app (Mantine, router, queries, texts) downloads while the form is
 * sent, and takes over once logged in. Any other visit renders the app, lazily.
 */
export function Boot(props: { startOnLogin: boolean }) {
  const [onLogin, setOnLogin] = useState(props.startOnLogin);
  if (!onLogin) {
    return (
      <Suspense fallback={<TopProgress label={texts.loading} />}>
        <App />
      </Suspense>
    );
  }
  return (
    <LoginForm
      onSubmit={() => void loadApp()}
      onLoggedIn={async (token) => {
        if (!storeToken(token)) return;
        // The form stays busy until the shell can show at once (no blank page in between); Home's own code
        // is on its way meanwhile, the shell's progress bar saying so.
        await loadApp().then((app) => app.prepareShellAt('/home'));
        window.history.replaceState(null, '', '/home');
        setOnLogin(false);
      }}
    />
  );
}
