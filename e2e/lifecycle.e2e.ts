import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * An establishment's life in the browser: on a phone (375 px) the host enters a closure to come, sees it listed
 * and the closed month read « Fermé » in the year view, then removes it; an admin declares the cessation, the
 * establishment leaves the list (shown again by the « Activité » filter) and reopens it. What the test creates
 * is removed at the end.
 */
// Each journey walks several screens and waits for their answers: more than one screen's budget.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const auth = (token: string) => ({ headers: { Authorization: token } });
const NAME = 'Gîte des Quatre Saisons';
let adminToken = '';
let establishmentId = 0;

async function tokenOf(request: APIRequestContext, who: 'admin' | 'host') {
  const account = ACCOUNTS[who];
  const login = await request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  return (await login.json()).data as string;
}

/** The whole month after today's, as the form writes and reads it. */
function nextMonth() {
  const today = new Date();
  const year = today.getMonth() === 11 ? today.getFullYear() + 1 : today.getFullYear();
  const month = ((today.getMonth() + 1) % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { year, month, start: `01/${mm}/${year}`, end: `${last}/${mm}/${year}` };
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, 'admin');
  const users = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const host = (await users.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  const created = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: { name: NAME, type: 'HOTEL_2', capacityMaxPerson: 12, userId: host.id, openingDate: '2020-01-01' },
  });
  expect(created.status(), await created.text()).toBe(201);
  establishmentId = (await created.json()).data.id;
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
});

test('on a phone, a host enters a closure to come, sees its month closed, and removes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'host');
  const month = nextMonth();
  await page.goto(`/establishments/${establishmentId}?annee=${month.year}`);
  const life = page.getByTestId('establishment-life');
  await expect(life.getByRole('heading', { name: 'Fermetures et cessation' })).toBeVisible();
  await expect(life.getByText('Aucune période de fermeture.')).toBeVisible();

  await life.getByRole('textbox', { name: 'Première nuit fermée' }).fill(month.start);
  await life.getByRole('textbox', { name: 'Dernière nuit fermée' }).fill(month.end);
  await life.getByRole('textbox', { name: 'Motif' }).fill('Fermeture hivernale');
  await life.getByRole('button', { name: 'Ajouter la fermeture' }).click();
  await expect(page.getByText('Période de fermeture enregistrée.')).toBeVisible();
  const closures = life.getByRole('list', { name: 'Périodes de fermeture' });
  await expect(closures).toContainText('Fermeture hivernale');
  await expect(page.getByTestId(`month-${month.month}`)).toContainText('Fermé');
  await expect(page.getByTestId(`month-${month.month}`)).toBeDisabled();
  // Nothing sideways on a phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  await closures.getByRole('button', { name: /^Supprimer la fermeture du / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Période de fermeture supprimée.')).toBeVisible();
  await expect(life.getByText('Aucune période de fermeture.')).toBeVisible();
  await expect(page.getByTestId(`month-${month.month}`)).not.toContainText('Fermé');
});

test('an admin declares the cessation: the establishment leaves the list, then reopens it', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const month = nextMonth();
  await page.goto(`/establishments/${establishmentId}`);
  const life = page.getByTestId('establishment-life');
  await life.getByRole('button', { name: 'Déclarer la cessation d’activité' }).click();
  await life.getByRole('textbox', { name: 'Date de cessation' }).fill(month.start);
  await life.getByRole('textbox', { name: 'Motif' }).last().fill('Vente du gîte');
  await life.getByRole('button', { name: 'Confirmer la cessation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer la cessation' }).click();
  await expect(page.getByText('Cessation d’activité enregistrée.')).toBeVisible();
  await expect(life.getByText(/^Activité cessée le /)).toBeVisible();

  await page.goto(`/establishments?q=${encodeURIComponent(NAME)}`);
  await expect(page.getByText('Aucune données').first()).toBeVisible();
  await page.goto(`/establishments?q=${encodeURIComponent(NAME)}&ceased=true`);
  await expect(page.getByRole('link', { name: NAME })).toBeVisible();

  await page.goto(`/establishments/${establishmentId}`);
  await life.getByRole('button', { name: 'Rouvrir l’établissement' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rouvrir l’établissement' }).click();
  await expect(page.getByText('Établissement rouvert.')).toBeVisible();
  await expect(life.getByRole('button', { name: 'Déclarer la cessation d’activité' })).toBeVisible();
});
