import type { APIRequestContext } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * The audit log in the browser: an admin edits an establishment and finds the change in the Journal with its
 * filters; a declaration's screen shows its history, and its host sees it without the admin's name or address.
 * The test makes its own establishment (and a 2025 pricing when none covers June) and removes them at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
let adminToken = '';
let establishmentId = 0;
let pricingId = 0;

async function hostId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const user = (await response.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  return user.id;
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  const created = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: `Gîte du Journal ${run}`,
      type: 'HOTEL_2',
      capacityMaxPerson: 6,
      city: 'Metz',
      userId: await hostId(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  establishmentId = (await created.json()).data.id;
  const covering = await request.get('/api/pricings/in-force?year=2025&month=6', auth(adminToken));
  if (covering.status() !== 200) {
    const pricing = await request.post('/api/pricings', {
      ...auth(adminToken),
      data: lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' }),
    });
    expect(pricing.status(), await pricing.text()).toBe(201);
    pricingId = (await pricing.json()).data.id;
  }
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (pricingId) await request.delete(`/api/pricings/${pricingId}`, auth(adminToken));
});

test('an admin edits an establishment, finds the change in the Journal with the filters, and on its screen', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto(`/establishments/${establishmentId}`);
  await page.getByRole('textbox', { name: 'Ville' }).fill('Thionville');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Établissement enregistré.')).toBeVisible();
  // The establishment's own history, newest first.
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByTestId('audit-entry').first()).toContainText('Modification');
  await expect(history.getByTestId('audit-entry').first()).toContainText('Commune : Metz → Thionville');

  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(page.getByRole('heading', { name: 'Journal', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Entité', exact: true }).click();
  await page.getByRole('option', { name: 'Établissement' }).click();
  await expect(page).toHaveURL(/entity=establishment/);
  await page.getByRole('textbox', { name: 'Utilisateur', exact: true }).fill(ACCOUNTS.admin.username);
  await expect(page).toHaveURL(new RegExp(`actor=${ACCOUNTS.admin.username}`));
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  await page.getByLabel('Du', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  const row = page
    .getByRole('row')
    .filter({ hasText: `Gîte du Journal ${run}` })
    .first();
  await expect(row).toContainText('Modification');
  await expect(row).toContainText('Commune : Metz → Thionville');
  await expect(row).toContainText(ACCOUNTS.admin.username);
  // The entity links to its screen.
  await row.getByRole('link', { name: `Gîte du Journal ${run}` }).click();
  await expect(page).toHaveURL(new RegExp(`/establishments/${establishmentId}$`));

  // A filter that excludes it: another kind of entity.
  await page.goto(`/journal?entity=pricing&actor=${ACCOUNTS.admin.username}`);
  await expect(page.getByRole('row').filter({ hasText: `Gîte du Journal ${run}` })).toHaveCount(0);

  // The CSV export holds the filtered journal.
  await page.goto(`/journal?entity=establishment&actor=${ACCOUNTS.admin.username}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter le journal (CSV)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('journal.csv');
  const { readFile } = await import('node:fs/promises');
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text).toContain(`Gîte du Journal ${run}`);
  expect(text).toContain('Commune : Metz → Thionville');
});

test('a declaration’s screen shows its history; its host sees it without the admin’s name and address', async ({
  page,
  browser,
}) => {
  const hostPage = await (await browser.newContext()).newPage();
  const hostToken = await loginAs(hostPage, 'host');
  const created = await hostPage.request.post('/api/declarations', {
    ...auth(hostToken),
    data: { establishmentId, year: 2025, month: 6, personCount: 2, nightsCount: 6 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;

  await loginAs(page, 'admin');
  await page.goto(`/declarations/${id}`);
  await page.getByLabel('Nuitées (personnes × nuits)').fill('8');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByTestId('audit-entry')).toHaveCount(2);
  await expect(history.getByTestId('audit-entry').first()).toContainText('Nuitées : 6 → 8');
  await expect(history.getByTestId('audit-entry').first()).toContainText(ACCOUNTS.admin.username);
  await expect(history.getByTestId('audit-entry').last()).toContainText('Création');

  await hostPage.goto(`/declarations/${id}`);
  const hostHistory = hostPage.getByRole('region', { name: 'Historique' });
  await expect(hostHistory.getByTestId('audit-entry').first()).toContainText('Administration');
  await expect(hostHistory.getByTestId('audit-entry').first()).not.toContainText(ACCOUNTS.admin.username);
  await expect(hostHistory.getByTestId('audit-entry').last()).toContainText(ACCOUNTS.host.username);
  await hostPage.context().close();
});

test('a stay of the register is in the Journal and in its establishment’s history, in French', async ({
  page,
  browser,
}) => {
  const hostPage = await (await browser.newContext()).newPage();
  const hostToken = await loginAs(hostPage, 'host');
  const created = await hostPage.request.post(`/api/establishments/${establishmentId}/stays`, {
    ...auth(hostToken),
    data: {
      arrival: '2025-06-10',
      departure: '2025-06-13',
      persons: 2,
      exempted: 1,
      exemptionReason: 'MINOR',
      price: 30_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await hostPage.context().close();
  const label = `Gîte du Journal ${run} — séjour du 10/06/2025 au 13/06/2025`;

  await loginAs(page, 'admin');
  await page.goto(`/journal?entity=stay&actor=${ACCOUNTS.host.username}`);
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Création');
  await expect(row).toContainText('Séjour');
  await expect(row).toContainText('Arrivée : 10/06/2025');
  await expect(row).toContainText('Motif d’exonération : Mineur');
  await expect(row).toContainText(/Prix HT : 300,00\s€/);

  await page.goto(`/establishments/${establishmentId}`);
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByTestId('audit-entry').first()).toContainText(`Création — Séjour — ${label}`);
});
