import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Month, monthName, monthOf } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * Home: an admin posts a message for hosts; henri sees it, and his month to declare, and follows the link to
 * the declaration; the admins' dashboard shows its charts at desktop and phone widths. What the test creates
 * is removed at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
const TITLE = `Rappel e2e ${Date.now()}`;
const BODY = '<script>window.__pwned = true</script>\nDétails : https://example.fr/taxe';
let adminToken = '';
let establishmentId = 0;
let createdPricing: number | null = null;
const today = monthOf(new Date());
const lastMonth =
  today.month === 1
    ? { year: today.year - 1, month: 12 as Month }
    : { year: today.year, month: (today.month - 1) as Month };

async function tokenOf(request: APIRequestContext, who: 'admin' | 'host') {
  const account = ACCOUNTS[who];
  const login = await request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  return (await login.json()).data as string;
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, 'admin');
  const hostToken = await tokenOf(request, 'host');
  const covering = await request.get(
    `/api/pricings/in-force?year=${lastMonth.year}&month=${lastMonth.month}`,
    auth(adminToken),
  );
  if (covering.status() !== 200) {
    const pricing = await request.post('/api/pricings', {
      ...auth(adminToken),
      data: lawfulPricingPayload({
        beginDate: `${lastMonth.year}-01-01`,
        endDate: `${lastMonth.year}-12-31`,
      }),
    });
    expect(pricing.status(), await pricing.text()).toBe(201);
    createdPricing = (await pricing.json()).data.id;
  }
  const users = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const henri = (await users.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  const establishment = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: 'Gîte du Tableau de bord',
      type: 'HOTEL_2',
      city: 'Sarrebourg',
      capacityMaxPerson: 10,
      userId: henri.id,
      // Open before last month (created without a date, it would open today and owe nothing yet).
      openingDate: '2020-01-01',
    },
  });
  expect(establishment.status(), await establishment.text()).toBe(201);
  establishmentId = (await establishment.json()).data.id;
  // Two months before last, done: figures for the dashboard; last month stays to declare.
  const before =
    lastMonth.month === 1
      ? { year: lastMonth.year - 1, month: 12 }
      : { year: lastMonth.year, month: lastMonth.month - 1 };
  const coveringBefore = await request.get(
    `/api/pricings/in-force?year=${before.year}&month=${before.month}`,
    auth(adminToken),
  );
  if (coveringBefore.status() === 200) {
    const created = await request.post('/api/declarations', {
      ...auth(hostToken),
      data: { establishmentId, year: before.year, month: before.month, nightsCount: 42 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await request.post(`/api/declarations/${(await created.json()).data.id}/done`, {
      ...auth(hostToken),
      data: {},
    });
  }
});

test.afterAll(async ({ request }) => {
  const all = await request.get('/api/messages/all', auth(adminToken));
  for (const message of ((await all.json()).data ?? []) as Array<{ id: number; title: string }>) {
    if (message.title === TITLE) await request.delete(`/api/messages/${message.id}`, auth(adminToken));
  }
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
});

async function expectNoSeriousA11yViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`,
    ),
  ).toEqual([]);
}

test('an admin posts a message for hosts', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'Nouveau message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau message' });
  await dialog.getByLabel('Titre').fill(TITLE);
  await dialog.getByLabel('Texte').fill(BODY);
  await dialog.getByLabel('Destinataires').click();
  await page.getByRole('option', { name: 'Hébergeurs' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await expect(item).toBeVisible();
  await expect(item.getByText('Hébergeurs', { exact: true })).toBeVisible();
  await expect(item.getByText('En ligne', { exact: true })).toBeVisible();
});

test('henri sees the message as text and his missing month, and follows the link to declare it', async ({
  page,
}) => {
  await loginAs(page, 'host');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await expect(item).toBeVisible();
  // Markup typed in a message is shown, never run.
  await expect(item).toContainText('<script>window.__pwned = true</script>');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(item.getByRole('link', { name: 'https://example.fr/taxe' })).toHaveAttribute(
    'href',
    'https://example.fr/taxe',
  );

  const todo = page.getByRole('region', { name: 'À faire' });
  await expect(todo).toBeVisible();
  await expectNoSeriousA11yViolation(page);
  const gite = todo.getByRole('article', { name: 'Gîte du Tableau de bord' });
  const label = `Déclarer ${monthName(lastMonth.month)} ${lastMonth.year}`;
  await gite.getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/declarations/new\\?establishmentId=${establishmentId}&year=${lastMonth.year}&month=${lastMonth.month}$`,
    ),
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText(monthName(lastMonth.month));
});

for (const width of [1280, 375]) {
  test(`the admins' dashboard at ${width} px: counts, charts with their tables, no serious axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, 'admin');
    const dashboard = page.getByRole('region', { name: 'Tableau de bord' });
    await expect(dashboard.getByText('Hébergeurs', { exact: true })).toBeVisible();
    const byMonth = dashboard.getByRole('region', { name: 'Nuitées et taxe par mois (douze derniers mois)' });
    await expect(byMonth.locator('.recharts-surface').first()).toBeVisible({ timeout: 15_000 });
    await expect(
      dashboard.getByRole('region', { name: 'Par type d’hébergement (douze derniers mois)' }),
    ).toBeVisible();
    await expect(dashboard.getByRole('region', { name: 'Par commune (douze derniers mois)' })).toBeVisible();
    await byMonth.getByText('Afficher le tableau').click();
    const table = byMonth.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(13);
    await page.screenshot({ path: `test-results/home-dashboard-${width}.png`, fullPage: true });
    await expectNoSeriousA11yViolation(page);
  });
}

test('an admin edits the message, then deletes it after confirming', async ({ page }) => {
  await loginAs(page, 'admin');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await item.getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le message' });
  await expect(dialog.getByLabel('Titre')).toHaveValue(TITLE);
  await dialog.getByLabel('Texte').fill('Texte corrigé');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Texte corrigé');

  await item.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer cet élément');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toHaveCount(0);
});
