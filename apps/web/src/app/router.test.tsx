import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Link, Outlet, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderUi } from '../../test/render';
import { session } from '../session/session';
import { lazyScreen } from '../ui/feature';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes, isUnknownPath } from './router';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (payload: unknown) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`;
const hostToken = tokenFor({
  exp: Math.floor(Date.now() / 1000) + 3600,
  ver: 1,
  user: { id: 3, username: 'henri', role: 'host' },
});

const adminToken = tokenFor({
  exp: Math.floor(Date.now() / 1000) + 3600,
  ver: 1,
  user: { id: 1, username: 'admin', role: 'admin' },
});

afterEach(() => {
  act(() => session.clear());
  vi.restoreAllMocks();
});

describe('the route table', () => {
  it('knows which paths no page or screen has', () => {
    expect(isUnknownPath('/nope')).toBe(true);
    expect(isUnknownPath('/users/3/nope')).toBe(true);
    expect(isUnknownPath('/home')).toBe(false);
    expect(isUnknownPath('/users/3')).toBe(false);
    expect(isUnknownPath('/login')).toBe(false);
    expect(isUnknownPath('/404')).toBe(false);
  });

  it('sends a logged-out visitor of a screen to Login', async () => {
    renderUi(<AppRoutes />, { url: '/users/3?tab=stays' });
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('sends an unknown path to the 404 page, even logged out', async () => {
    renderUi(<AppRoutes />, { url: '/nope' });
    await waitFor(() => expect(currentUrl()).toBe('/404'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('makes a token in the link the session before the guard decides', async () => {
    renderUi(<AppRoutes />, { url: `/home?token=${hostToken}` });
    await waitFor(() => expect(session.token()).toBe(hostToken));
    expect(session.isLoggedIn()).toBe(true);
    // Once read, the token leaves the address.
    await waitFor(() => expect(currentUrl()).toBe('/home'));
  });
});

describe('a token in the link', () => {
  it('is stored once per navigation: a session that changes later on that address stays', async () => {
    // As on a first visit, where the entry (main.tsx) has already stored it.
    session.setToken(hostToken);
    renderUi(<AppRoutes />, { url: `/reset-password?token=${hostToken}` });
    // The page says the link is not a reset link (it is a session): what matters is that it is there.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(session.token()).toBe(hostToken);
    // act() runs the renders and effects a change causes, and waits for what they start: had the link's
    // token been stored again, it would be by the time act() returns.
    await act(async () => session.setToken(adminToken));
    expect(session.token()).toBe(adminToken);
    await act(async () => session.clear());
    expect(session.token()).toBeNull();
    expect(currentUrl()).toBe(`/reset-password?token=${hostToken}`);
  });
});

describe('a link carrying another person’s session', () => {
  it('asks before switching and keeps the open session unless the person confirms', async () => {
    session.setToken(hostToken);
    renderUi(<AppRoutes />, { url: `/home?token=${adminToken}` });
    expect(
      await screen.findByText('Vous êtes connecté en tant que henri. Continuer en tant que admin ?'),
    ).toBeInTheDocument();
    expect(session.token()).toBe(hostToken);
    fireEvent.click(screen.getByRole('button', { name: 'Rester connecté en tant que henri' }));
    await waitFor(() => expect(screen.queryByText(/Continuer en tant que admin \?/)).not.toBeInTheDocument());
    expect(session.token()).toBe(hostToken);
  }, 15_000);

  it('switches when the person confirms', async () => {
    session.setToken(hostToken);
    renderUi(<AppRoutes />, { url: `/home?token=${adminToken}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer en tant que admin' }));
    await waitFor(() => expect(session.token()).toBe(adminToken));
  });

  it('of the same person (a newer token) is stored without a question', async () => {
    session.setToken(hostToken);
    const newer = tokenFor({
      exp: Math.floor(Date.now() / 1000) + 7200,
      ver: 1,
      user: { id: 3, username: 'henri', role: 'host' },
    });
    renderUi(<AppRoutes />, { url: `/home?token=${newer}` });
    await waitFor(() => expect(session.token()).toBe(newer));
    expect(screen.queryByText(/Continuer en tant que/)).not.toBeInTheDocument();
  });
});

describe('a screen that fails', () => {
  function Thrower(): never {
    throw new Error('broken screen');
  }
  function Table() {
    return useRoutes([
      {
        path: '/',
        element: (
          <>
            <nav>
              <Link to="/fine">fine</Link>
            </nav>
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          </>
        ),
        children: [
          { path: 'broken', Component: Thrower },
          { path: 'fine', element: <p>a fine screen</p> },
        ],
      },
    ]);
  }

  it('shows the French error in its place, keeps what is around it, and leaving it renders the next screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderUi(<Table />, { url: '/broken' });
    expect(
      await screen.findByRole('heading', { name: 'Cette page n’a pas pu s’afficher' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'fine' }));
    expect(await screen.findByText('a fine screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cette page n’a pas pu s’afficher' })).toBeNull();
  });
});

describe('a lazy screen', () => {
  it('downloads its code once, whether preloaded or rendered', async () => {
    const load = vi.fn(async () => () => <p>loaded</p>);
    const Screen = lazyScreen(load);
    void Screen.preload();
    void Screen.preload();
    renderUi(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
