import type { APIRequestContext, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A person picks what an establishment is — its nature, then the classification that nature allows — and sees
 * the grid row it gives; an admin confirms the nature of an establishment kept from before natures. What the
 * tests create is removed at the end; names are unique to the run.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
let adminToken = '';
const created: number[] = [];

async function henriId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const user = (await response.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  if (!user) throw new Error('no seeded provider henri');
  return user.id as number;
}

/** Picks an option of a select that lists everything: open it, click the option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
});

test.afterAll(async ({ request }) => {
  for (const id of created) await request.delete(`/api/establishments/${id}`, auth(adminToken));
});

test('an admin creates a "Meublé de tourisme — 3 étoiles" and sees the row it is taxed with', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/establishments/new');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Meublé des Tanneurs ${run}`);
  const owner = page.getByRole('textbox', { name: 'Hébergeur', exact: true });
  await owner.click();
  await owner.fill('Dupo');
  await page.getByRole('option', { name: 'Henri Dupont' }).click();
  await choose(page, 'Nature de l’hébergement', 'Meublé de tourisme');
  await choose(page, 'Classement', '3 étoiles');
  await expect(page.getByText('Ligne du barème : Hôtels 3 étoiles et équivalents')).toBeVisible();
  // Guest rooms have no stars: the classification goes, the row follows.
  await choose(page, 'Nature de l’hébergement', 'Chambre d’hôtes');
  await expect(page.getByRole('textbox', { name: 'Classement', exact: true })).toHaveCount(0);
  await expect(page.getByText('Ligne du barème : Hôtels 1 étoile et équivalents')).toBeVisible();
  await choose(page, 'Nature de l’hébergement', 'Meublé de tourisme');
  await choose(page, 'Classement', '3 étoiles');
  await page.getByRole('button', { name: 'Créer l’établissement' }).click();
  await expect(page.getByText('Établissement créé.')).toBeVisible();
  await expect(page).toHaveURL(/\/establishments\/\d+$/);
  created.push(Number(page.url().split('/').pop()));
  await expect(page.getByRole('textbox', { name: 'Nature de l’hébergement', exact: true })).toHaveValue(
    'Meublé de tourisme',
  );
  await expect(page.getByRole('textbox', { name: 'Classement', exact: true })).toHaveValue('3 étoiles');
  await expect(page.getByText('Ligne du barème : Hôtels 3 étoiles et équivalents')).toBeVisible();
});

test('an admin is told on Home of natures to confirm, and confirms one without changing its row', async ({
  page,
}) => {
  const name = `Hôtel du Pont ${run}`;
  const response = await page.request.post('/api/establishments', {
    ...auth(adminToken),
    data: { name, type: 'HOTEL_3', userId: await henriId(page.request) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).data.id as number;
  created.push(id);

  await loginAs(page, 'admin');
  await page.goto('/home');
  await page.getByRole('link', { name: 'Confirmer les natures' }).click();
  await expect(page).toHaveURL(/\/establishments\/natures$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: 'Hôtels 3 étoiles et équivalents' })).toBeVisible();
  await row.getByRole('textbox', { name: `Nature de « ${name} »` }).click();
  await page.getByRole('option', { name: 'Résidence de tourisme — 3 étoiles' }).click();
  await row.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`Nature de « ${name} » confirmée.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.goto(`/establishments/${id}`);
  await expect(page.getByRole('textbox', { name: 'Nature de l’hébergement', exact: true })).toHaveValue(
    'Résidence de tourisme',
  );
  await expect(page.getByText('Ligne du barème : Hôtels 3 étoiles et équivalents')).toBeVisible();
});

test('the public simulator takes a nature and a classification, and shows each part of the tax', async ({
  page,
}) => {
  // A pricing in force today, the year's (its legal bounds are the product's), removed at the end.
  const year = new Date().getFullYear();
  const pricing = await page.request.post('/api/pricings', {
    ...auth(adminToken),
    data: lawfulPricingPayload({ beginDate: `${year}-01-01`, endDate: `${year}-12-31` }),
  });
  expect(pricing.status(), await pricing.text()).toBe(201);
  const pricingId = (await pricing.json()).data.id as number;
  try {
    await simulate(page);
  } finally {
    await page.request.delete(`/api/pricings/${pricingId}`, auth(adminToken));
  }
});

async function simulate(page: Page) {
  await page.goto('/simulateur');
  await choose(page, 'Nature de l’hébergement', 'Meublé de tourisme');
  await choose(page, 'Classement', '3 étoiles');
  await expect(page.getByText('Ligne du barème : Hôtels 3 étoiles et équivalents')).toBeVisible();
  const result = page.getByRole('table', { name: 'Taxe de séjour estimée' });
  await expect(
    result.getByRole('rowheader', { name: 'Tarif de la commune ou de l’intercommunalité' }),
  ).toBeVisible();
  await expect(result.getByRole('rowheader', { name: 'Taxe additionnelle départementale' })).toBeVisible();
  await expect(page.getByTestId('simulator-total')).toHaveText(/\d,\d\d\s€/);
}
