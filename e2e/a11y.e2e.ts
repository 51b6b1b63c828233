import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import sharp from 'sharp';
import type { AccountName } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';

/**
 * Every screen, as a person sees it: no serious or critical axe-core violation (contrast, names, roles…) on a
 * desktop (1280 px) and a phone (375 px), in the light and the dark theme. Read-only for the seeded accounts:
 * what the screens need (an archived provider, a pricing) is created here and deleted at the end, so that the
 * other browser tests find the database as the global setup left it.
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 800 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** Ids the screens need, found or created in `beforeAll`. */
interface Fixtures {
  hostId: number;
  adminId: number;
  archivedId: number;
  pricingId: number;
  establishmentId: number;
  declarationId: number;
}

interface Screen {
  name: string;
  /** Who is logged in; none: the page is opened anonymously. */
  as?: AccountName;
  path: (ids: Fixtures) => string;
  /** What shows once the screen has loaded its data. */
  ready: (page: Page) => Locator;
  /** Something to do before the check (open the side bar…). */
  act?: (page: Page) => Promise<unknown>;
  only?: ViewportName;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', ready: (p) => h1(p, 'Se connecter') },
  {
    name: 'ask-reset-password',
    path: () => '/ask-reset-password',
    ready: (p) => h1(p, 'Mot de passe oublié'),
  },
  {
    name: 'activate-account (invalid link)',
    path: () => '/activate-account?token=x',
    ready: (p) => h1(p, 'Lien non valable'),
  },
  {
    name: 'confirm-email (invalid link)',
    path: () => '/confirm-email?token=x',
    ready: (p) => p.getByRole('alert'),
  },
  {
    name: 'public-form',
    path: () => '/public-form',
    ready: (p) => h1(p, 'Déclarer un hébergement'),
  },
  {
    name: 'public-form-pro',
    path: () => '/public-form-pro',
    ready: (p) => p.getByLabel('Numéro SIRET'),
  },
  {
    name: 'simulateur',
    path: () => '/simulateur',
    ready: (p) => p.getByText('Choisissez un type d’hébergement pour voir le calcul.'),
  },
  { name: '404', as: 'admin', path: () => '/404', ready: (p) => h1(p, 'Page introuvable') },
  { name: 'home', as: 'admin', path: () => '/home', ready: (p) => h1(p, /Bonjour/) },
  {
    name: 'side bar opened',
    as: 'admin',
    path: () => '/home',
    ready: (p) => h1(p, /Bonjour/),
    act: async (p) => {
      await p.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(
        p.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }),
      ).toBeVisible();
    },
    only: 'phone',
  },
  { name: 'account', as: 'admin', path: () => '/account', ready: (p) => h1(p, 'Mon compte') },
  {
    name: 'change-requests',
    as: 'admin',
    path: () => '/change-requests',
    ready: (p) => h1(p, 'Demandes de modification'),
  },
  { name: 'users', as: 'admin', path: () => '/users', ready: (p) => p.getByRole('link', { name: /Dupont/ }) },
  { name: 'users/new', as: 'admin', path: () => '/users/new', ready: (p) => h1(p, 'Nouvel hébergeur') },
  {
    name: 'users/{id}',
    as: 'admin',
    path: (ids) => `/users/${ids.hostId}`,
    ready: (p) => h1(p, /Hébergeur Henri Dupont/),
  },
  {
    name: 'users-archive',
    as: 'admin',
    path: () => '/users-archive',
    ready: (p) => p.getByRole('link', { name: /Lambert/ }),
  },
  {
    name: 'reports',
    as: 'admin',
    path: () => '/reports',
    ready: (p) => h1(p, 'Demandes d’inscription'),
  },
  {
    name: 'admins',
    as: 'admin',
    path: () => '/admins',
    ready: (p) => p.getByRole('link', { name: ACCOUNTS.admin.username, exact: true }),
  },
  {
    name: 'admins/{id}',
    as: 'admin',
    path: (ids) => `/admins/${ids.adminId}`,
    ready: (p) => h1(p, /Administrateur/),
  },
  {
    name: 'pricings',
    as: 'admin',
    path: () => '/pricings',
    ready: (p) => p.getByRole('link', { name: /du 1 janvier 2026 au 31 décembre 2026/ }),
  },
  {
    name: 'pricings/new',
    as: 'admin',
    path: () => '/pricings/new',
    ready: (p) => h1(p, 'Nouvelle grille tarifaire'),
  },
  {
    name: 'pricings/{id}',
    as: 'admin',
    path: (ids) => `/pricings/${ids.pricingId}`,
    ready: (p) => p.getByTestId('calculator-results'),
  },
  {
    name: 'pricings/limites',
    as: 'superadmin',
    path: () => '/pricings/limites',
    ready: (p) => p.getByRole('button', { name: 'Enregistrer les limites' }),
  },
  {
    name: 'establishments',
    as: 'admin',
    path: () => '/establishments',
    // The thumbnail column shows the establishment's image.
    ready: (p) => p.getByRole('img', { name: 'Photo de l’établissement Gîte a11y' }),
  },
  {
    name: 'establishments/natures',
    as: 'admin',
    path: () => '/establishments/natures',
    // The screen's own establishment has a type and no nature: it is listed.
    ready: (p) => p.getByRole('link', { name: 'Gîte a11y' }),
  },
  {
    name: 'establishments/new',
    as: 'admin',
    path: () => '/establishments/new',
    ready: (p) => h1(p, 'Nouvel établissement'),
  },
  {
    name: 'establishments/{id}',
    as: 'admin',
    path: (ids) => `/establishments/${ids.establishmentId}`,
    // The image's preview, loaded after the form.
    ready: (p) => p.getByRole('img', { name: 'Photo de l’établissement Gîte a11y' }),
  },
  {
    name: 'establishments/{id} (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}`,
    ready: (p) => p.getByText('Seul un administrateur peut modifier ces informations', { exact: false }),
  },
  {
    name: 'declarations',
    as: 'admin',
    path: () => '/declarations?year=2026',
    ready: (p) => p.getByRole('row', { name: /Gîte a11y/ }),
  },
  {
    name: 'declarations (months not declared)',
    as: 'admin',
    path: () => '/declarations?vue=missing',
    ready: (p) => h1(p, 'Déclarations'),
  },
  {
    name: 'declarations/{id} (host)',
    as: 'host',
    path: (ids) => `/declarations/${ids.declarationId}`,
    ready: (p) => p.getByTestId('declaration-total'),
  },
  {
    name: 'declarations/new (host)',
    as: 'host',
    path: (ids) => `/declarations/new?establishmentId=${ids.establishmentId}&year=2026&month=2`,
    ready: (p) => p.getByTestId('declaration-total'),
  },
  {
    name: 'establishments/{id}/register (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}/register?year=2026&month=1`,
    ready: (p) => p.getByTestId('register-count'),
  },
  {
    name: 'establishments/{id}/register, import preview (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}/register?year=2026&month=1`,
    ready: (p) => p.getByTestId('register-count'),
    act: async (p) => {
      await p.getByRole('button', { name: 'Importer un fichier' }).click();
      const csv =
        'Arrivée;Départ;Personnes;Prix\n10/01/2026;12/01/2026;2;150,00\n12/01/2026;10/01/2026;2;100\n';
      await p
        .getByTestId('import-panel')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'registre.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(p.getByTestId('import-refused')).toBeVisible();
    },
  },
  {
    name: 'resume',
    as: 'admin',
    path: () => '/resume?year=2026&semester=1',
    ready: (p) => p.getByRole('table', { name: 'Résumé' }),
  },
  {
    name: 'onboarding',
    as: 'admin',
    path: () => '/onboarding',
    ready: (p) => h1(p, 'Import des hébergeurs et établissements'),
  },
  {
    name: 'settings',
    as: 'admin',
    path: () => '/settings',
    ready: (p) => p.getByLabel('Nom de la collectivité'),
  },
  {
    name: 'journal',
    as: 'admin',
    path: () => '/journal',
    // Entries with their changes: the screen's densest state.
    ready: (p) => p.getByRole('cell', { name: 'Création', exact: true }).first(),
  },
  {
    name: 'declarations/{id} history (host)',
    as: 'host',
    path: (ids) => `/declarations/${ids.declarationId}`,
    ready: (p) => p.getByTestId('audit-entry').first(),
  },
  {
    name: 'resume (host)',
    as: 'host',
    path: () => '/resume?year=2026&semester=1',
    ready: (p) => p.getByRole('table', { name: 'Résumé' }),
  },
  { name: 'home (host)', as: 'host', path: () => '/home', ready: (p) => h1(p, /Bonjour/) },
  { name: 'account (host)', as: 'host', path: () => '/account', ready: (p) => h1(p, 'Mon compte') },
];

async function login(api: APIRequestContext, who: AccountName): Promise<string> {
  const account = ACCOUNTS[who];
  const response = await api.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  const body = await response.json();
  if (!body.success) throw new Error(`login as ${who} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * The session as the app keeps it after a login (the token and its decoded payload), written before the page's
 * scripts run: each screen opens directly, without a first visit of Home to hand the token over.
 */
async function storeSession(page: Page, token: string) {
  const [, payload = ''] = token.split('.');
  const data = Buffer.from(payload, 'base64url').toString('utf8');
  await page.addInitScript(
    ([token, data]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('tokendata', data);
    },
    [token, data] as const,
  );
}

async function data<T>(response: { json: () => Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T };
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.data;
}

async function expectNoSeriousA11yViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`,
    ),
  ).toEqual([]);
}

test.describe('accessibility (axe-core) of every screen', () => {
  const tokens: Partial<Record<AccountName, string>> = {};
  let ids: Fixtures;
  let created: { providerId?: number; pricingId?: number; establishmentId?: number } = {};

  test.beforeAll(async ({ request }) => {
    tokens.admin = await login(request, 'admin');
    tokens.host = await login(request, 'host');
    tokens.superadmin = await login(request, 'superadmin');
    const headers = { Authorization: tokens.admin };
    const [host] = await data<{ id: number }[]>(
      await request.get('/api/users', { headers, params: { q: ACCOUNTS.host.username } }),
    );
    const [admin] = await data<{ id: number }[]>(
      await request.get('/api/admins', { headers, params: { q: ACCOUNTS.admin.username } }),
    );
    // An archived provider, so that the archives show a row.
    const provider = await data<{ id: number }>(
      await request.post('/api/users', {
        headers,
        data: {
          username: 'a11y-lambert',
          email: 'a11y-lambert@sejour.test',
          firstname: 'Archibald',
          lastname: 'Lambert',
          company: 'Gîte des Mirabelliers',
          phone: '+33612345678',
          address: '3 rue des Jardins',
          city: 'Metz',
          cp: '57000',
        },
      }),
    );
    created.providerId = provider.id;
    await data(await request.post(`/api/users/${provider.id}/archive`, { headers }));
    const pricing = await data<{ id: number }>(
      await request.post('/api/pricings', {
        headers,
        data: lawfulPricingPayload(),
      }),
    );
    created.pricingId = pricing.id;
    if (!host || !admin) throw new Error('the seeded host and admin are missing');
    const establishment = await data<{ id: number }>(
      await request.post('/api/establishments', {
        headers,
        data: { name: 'Gîte a11y', type: 'HOTEL_1', city: 'Metz', cp: '57000', userId: host.id },
      }),
    );
    created.establishmentId = establishment.id;
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#5b8c6e' } })
      .png()
      .toBuffer();
    await data(
      await request.post(`/api/establishments/${establishment.id}/image`, {
        headers,
        data: { base64: `data:image/png;base64,${png.toString('base64')}`, file: 'facade.png' },
      }),
    );
    const declaration = await data<{ id: number }>(
      await request.post('/api/declarations', {
        headers: { Authorization: tokens.host },
        data: { establishmentId: establishment.id, year: 2026, month: 1, personCount: 3, nightsCount: 9 },
      }),
    );
    await data(
      await request.post(`/api/establishments/${establishment.id}/stays`, {
        headers: { Authorization: tokens.host },
        data: {
          arrival: '2026-01-05',
          departure: '2026-01-08',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          price: 36_000,
        },
      }),
    );
    ids = {
      hostId: host.id,
      adminId: admin.id,
      archivedId: provider.id,
      pricingId: pricing.id,
      establishmentId: establishment.id,
      declarationId: declaration.id,
    };
  });

  test.afterAll(async ({ request }) => {
    const headers = { Authorization: tokens.admin ?? (await login(request, 'admin')) };
    if (created.establishmentId) {
      await request.delete(`/api/establishments/${created.establishmentId}`, { headers });
    }
    if (created.pricingId) await request.delete(`/api/pricings/${created.pricingId}`, { headers });
    if (created.providerId) await request.delete(`/api/users/${created.providerId}`, { headers });
    created = {};
  });

  for (const scheme of SCHEMES) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      for (const screen of SCREENS) {
        if (screen.only && screen.only !== viewport) continue;
        test(`${screen.name}${screen.as ? ` as ${screen.as}` : ''}: ${viewport}, ${scheme}`, async ({
          page,
        }) => {
          await page.setViewportSize(VIEWPORTS[viewport]);
          await page.addInitScript((s: Scheme) => localStorage.setItem('sejour-color-scheme', s), scheme);
          if (screen.as) await storeSession(page, tokens[screen.as] ?? '');
          await page.goto(screen.path(ids));
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await expect(screen.ready(page)).toBeVisible();
          await screen.act?.(page);
          await expectNoSeriousA11yViolation(page);
        });
      }
    }
  }
});
