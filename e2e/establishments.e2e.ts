import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * Admins create, filter and delete establishments; a provider edits their own. Every establishment and
 * provider made here is removed at the end, and names and registration numbers are unique to the run, so a
 * retry or a second run on the same database finds no leftover in its way.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
const createdEstablishments: number[] = [];
const createdProviders: number[] = [];

/** A run-unique suffix, and a valid registration number (INSEE code, 6 digits, 2 alphanumerics) from it. */
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
function uniqueNumero(): string {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `57463${digits}${Math.random().toString(36).slice(2, 4).padEnd(2, 'x')}`;
}

/** A small JPEG photo carrying a GPS position, as a phone would take it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 7/1 0/1' } })
    .toBuffer();
}

async function henriId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const user = (await response.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  if (!user) throw new Error('no seeded provider henri');
  return user.id as number;
}

async function createEstablishment(request: APIRequestContext, body: object): Promise<number> {
  const response = await request.post('/api/establishments', { ...auth(adminToken), data: body });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).data.id as number;
  createdEstablishments.push(id);
  return id;
}

/** Picks an option of a select that searches the server: type part of it, then click it. */
async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
});

test.afterAll(async ({ request }) => {
  for (const id of createdEstablishments) await request.delete(`/api/establishments/${id}`, auth(adminToken));
  for (const id of createdProviders) await request.delete(`/api/users/${id}`, auth(adminToken));
});

test('an admin creates one for a provider with a photo; the provider edits only its description and image', async ({
  page,
  browser,
}) => {
  // Two sessions, two uploads: longer than one screen's test.
  test.slow();
  await loginAs(page, 'admin');
  const name = `Gîte des Mirabelles ${run}`;
  const numero = uniqueNumero();
  await page.goto('/establishments');
  await page.getByRole('link', { name: 'Nouvel établissement' }).click();
  await expect(page).toHaveURL(/\/establishments\/new$/);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
  // The owner is searched on the server as the admin types.
  await pick(page, 'Hébergeur', 'Dupo', 'Henri Dupont');
  await page.getByRole('textbox', { name: 'Numéro d’enregistrement' }).fill(numero.toLowerCase());
  await page.getByRole('textbox', { name: 'Ville' }).fill('Metz');
  await page.getByRole('button', { name: 'Créer l’établissement' }).click();
  await expect(page.getByText('Établissement créé.')).toBeVisible();
  await expect(page).toHaveURL(/\/establishments\/\d+$/);
  const url = page.url();
  createdEstablishments.push(Number(url.split('/').pop()));
  await expect(page.getByRole('textbox', { name: 'Numéro d’enregistrement' })).toHaveValue(
    numero.toUpperCase(),
  );
  await expect(page.getByRole('textbox', { name: 'Hébergeur', exact: true })).toHaveValue('Henri Dupont');

  await page.locator('input[type="file"]').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(page.getByText('Image enregistrée.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo de l’établissement ${name}` })).toBeVisible();
  // Created after it but first in name order: the side bar sorts by name, not by creation.
  const first = `Auberge du Lac ${run}`;
  await createEstablishment(page.request, { name: first, userId: await henriId(page.request) });

  const context = await browser.newContext();
  const host = await context.newPage();
  await loginAs(host, 'host');
  const nav = host.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: first })).toBeVisible();
  const entries = await nav.getByRole('link').allTextContents();
  expect(entries.findIndex((text) => text.includes(first))).toBeLessThan(
    entries.findIndex((text) => text.includes(name)),
  );
  await nav.getByRole('link', { name }).click();
  await expect(host).toHaveURL(new RegExp(`${new URL(url).pathname}$`));
  for (const field of ['Nom', 'Numéro d’enregistrement', 'Type', 'Ville']) {
    await expect(host.getByRole('textbox', { name: field, exact: true })).toHaveAttribute('readonly', '');
  }
  for (const field of ['Nombre de chambres', 'Nombre de personnes']) {
    await expect(host.getByRole('textbox', { name: field })).toHaveAttribute('readonly', '');
  }
  await expect(host.getByRole('img', { name: `Photo de l’établissement ${name}` })).toBeVisible();
  await host.getByRole('textbox', { name: 'Description' }).fill('Au calme, près de la Moselle.');
  await host.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(host.getByText('Établissement enregistré.')).toBeVisible();
  await host.locator('input[type="file"]').setInputFiles({
    name: 'jardin.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc8844' } })
      .png()
      .toBuffer(),
  });
  await expect(host.getByText('Image enregistrée.')).toBeVisible();
  await expect(host.getByRole('button', { name: 'Supprimer l’établissement' })).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Au calme, près de la Moselle.',
  );
});

test('from a provider’s page, "Ajouter un établissement" opens the form with that owner, which the select can change', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const provider = await page.request.post('/api/users', {
    ...auth(adminToken),
    data: {
      username: `lorraine-${run}`,
      email: `lorraine-${run}@sejour.test`,
      firstname: 'Léa',
      lastname: `Lorrain${run}`,
      company: `Gîtes de Lorraine ${run}`,
      city: 'Nancy',
      cp: '54000',
    },
  });
  expect(provider.status(), await provider.text()).toBe(201);
  const providerId = (await provider.json()).data.id as number;
  createdProviders.push(providerId);

  await page.goto(`/users/${providerId}`);
  await page.getByRole('link', { name: 'Ajouter un établissement' }).click();
  await expect(page).toHaveURL(new RegExp(`/establishments/new\\?userId=${providerId}$`));
  const owner = page.getByRole('textbox', { name: 'Hébergeur', exact: true });
  await expect(owner).toHaveValue(`Gîtes de Lorraine ${run} – Léa Lorrain${run}`);
  await pick(page, 'Hébergeur', 'Dupont', 'Henri Dupont');
  await expect(owner).toHaveValue('Henri Dupont');
  await pick(page, 'Hébergeur', `lorrain${run}`, new RegExp(`Gîtes de Lorraine ${run}`));
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Chalet ${run}`);
  await page.getByRole('button', { name: 'Créer l’établissement' }).click();
  await expect(page.getByText('Établissement créé.')).toBeVisible();
  createdEstablishments.push(Number(page.url().split('/').pop()));
  await page.goto(`/users/${providerId}`);
  await expect(page.getByRole('link', { name: `Chalet ${run}` })).toBeVisible();
});

test('an admin filters the list by type and by provider, and the URL restores the filters after a reload', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const henri = await henriId(page.request);
  const others = createdProviders[0];
  if (!others) throw new Error('the previous test creates a provider');
  await createEstablishment(page.request, {
    name: `Camping du Saulcy ${run}`,
    type: 'CAMPING_345',
    userId: henri,
  });
  await createEstablishment(page.request, {
    name: `Hôtel de la Gare ${run}`,
    type: 'HOTEL_2',
    userId: henri,
  });
  await createEstablishment(page.request, {
    name: `Camping des Lilas ${run}`,
    type: 'CAMPING_345',
    userId: others,
  });
  await page.goto(`/establishments?q=${run}`);
  await expect(page.getByRole('cell', { name: `Hôtel de la Gare ${run}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Campings 3, 4 et 5 étoiles et équivalents' }).click();
  await expect(page).toHaveURL(/type=CAMPING_345/);
  await expect(page.getByRole('cell', { name: `Camping du Saulcy ${run}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Camping des Lilas ${run}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Hôtel de la Gare ${run}` })).toHaveCount(0);

  await pick(page, 'Hébergeur', 'Dupont', 'Henri Dupont');
  await expect(page).toHaveURL(new RegExp(`userId=${henri}`));
  await expect(page.getByRole('cell', { name: `Camping des Lilas ${run}` })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: `Camping du Saulcy ${run}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Hébergeur', exact: true })).toHaveValue('Henri Dupont');
  await expect(page.getByRole('cell', { name: `Camping du Saulcy ${run}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Camping des Lilas ${run}` })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: `Hôtel de la Gare ${run}` })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('cell', { name: `Camping des Lilas ${run}` })).toBeVisible();
});

test('deleting asks first and names the declarations that go with the establishment', async ({ page }) => {
  await loginAs(page, 'admin');
  const name = `Gîte à supprimer ${run}`;
  const id = await createEstablishment(page.request, { name, userId: await henriId(page.request) });
  // The count is the server's (API-tested); here, what the confirmation makes of 14 of them.
  await page.route(`**/api/establishments/${id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    if (body.success) body.data.declarationCount = 14;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/establishments/${id}`);
  await page.getByRole('button', { name: 'Supprimer l’établissement' }).click();
  const dialog = page.getByRole('dialog', { name: `Supprimer « ${name} » ?` });
  await expect(dialog).toContainText(
    `L’établissement « ${name} » et ses 14 déclarations seront supprimés définitivement.`,
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Supprimer l’établissement' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Établissement supprimé.')).toBeVisible();
  await expect(page).toHaveURL(/\/establishments$/);
  const gone = await page.request.get(`/api/establishments/${id}`, auth(adminToken));
  expect(gone.status()).toBe(404);
});

test('an admin sets the opening date: the months before it are no longer late', async ({ page }) => {
  await loginAs(page, 'admin');
  const today = new Date();
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const id = await createEstablishment(page.request, {
    name: `Gîte ouvert cette année ${run}`,
    type: 'HOTEL_2',
    userId: await henriId(page.request),
    openingDate: `${year - 1}-01-01`,
  });
  await page.goto(`/establishments/${id}`);
  const january = page.getByTestId('month-1');
  const current = page.getByTestId(`month-${month}`);
  await expect(current).toContainText('À déclarer');
  if (month > 1) await expect(january).toContainText('En retard');

  const first = `01/${String(month).padStart(2, '0')}/${year}`;
  const field = page.getByRole('textbox', { name: 'Date d’ouverture' });
  await field.fill(first);
  await field.press('Escape');
  await field.blur();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Établissement enregistré.')).toBeVisible();
  await expect(
    page.getByText(`Ouvert le ${first} : les mois précédents ne sont pas à déclarer.`),
  ).toBeVisible();
  await expect(current).toContainText('À déclarer');
  if (month > 1) await expect(january).toContainText('Avant l’ouverture');
  await expect(page.locator('[data-testid^="month-"]').filter({ hasText: 'En retard' })).toHaveCount(0);
});
