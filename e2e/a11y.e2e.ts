import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import sharp from 'sharp';
import {
  type Fixtures,
  SCHEMES,
  SCREENS,
  type Scheme,
  VIEWPORTS,
  type ViewportName,
} from './support/a11y-screens';
import type { AccountName } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';

/**
 * Every screen, as a person sees it: no serious or critical axe-core violation (contrast, names, roles…) on a
 * desktop (1280 px) and a phone (375 px), in the light and the dark theme. Read-only for the seeded accounts:
 * what the screens need (an archived provider, a pricing) is created here and deleted at the end, so that the
 * other browser tests find the database as the global setup left it.
 */

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
