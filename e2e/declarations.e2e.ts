import type { APIRequestContext, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A host declares two months of 2024 (a year no other browser test uses): a 3★ hotel and an unclassified
 * furnished let; an admin reopens one and finds the month in the list, whose CSV totals match the screen.
 * The test makes its own pricing and establishments and removes them at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let pricingId = 0;
const establishmentIds: number[] = [];

async function hostId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const user = (await response.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  return user.id;
}

async function createEstablishment(request: APIRequestContext, body: object): Promise<number> {
  const response = await request.post('/api/establishments', { ...auth(adminToken), data: body });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).data.id as number;
  establishmentIds.push(id);
  return id;
}

async function confirm(page: Page, name: string) {
  await page.getByRole('dialog').getByRole('button', { name }).click();
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  const pricing = await request.post('/api/pricings', {
    ...auth(adminToken),
    data: lawfulPricingPayload({ beginDate: '2024-01-01', endDate: '2024-12-31' }),
  });
  expect(pricing.status(), await pricing.text()).toBe(201);
  pricingId = (await pricing.json()).data.id;
});

test.afterAll(async ({ request }) => {
  for (const id of establishmentIds) await request.delete(`/api/establishments/${id}`, auth(adminToken));
  if (pricingId) await request.delete(`/api/pricings/${pricingId}`, auth(adminToken));
});

test('a host declares a 3★ hotel’s month, sees the amount as they type, marks it done and can no longer edit it', async ({
  page,
}) => {
  const hotel = await createEstablishment(page.request, {
    name: 'Hôtel du Pont',
    type: 'HOTEL_3',
    capacityMaxPerson: 20,
    userId: await hostId(page.request),
  });
  await loginAs(page, 'host');
  await page.goto(`/establishments/${hotel}?annee=2024`);
  await expect(page.getByTestId('month-3')).toContainText('En retard');
  await page.getByTestId('month-3').click();
  await expect(page).toHaveURL(/\/declarations\/new\?/);
  await expect(page.getByRole('heading', { name: 'Déclaration — mars 2024' })).toBeVisible();

  await page.getByLabel('Personnes arrivées').fill('2');
  await page.getByLabel('Nuitées (personnes × nuits)').fill('14');
  // 14 person-nights × (1,50 € + 0,15 €), computed live with the 2024 pricing.
  await expect(page.getByTestId('declaration-total')).toHaveText('23,10 €');
  await page.getByLabel('Nuitées exonérées').fill('4');
  await expect(page.getByTestId('declaration-total')).toHaveText('16,50 €');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();

  // The month's register, as a PDF, keeps its name.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'registre-mars-2024.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByTestId('register-name')).toHaveText('registre-mars-2024.pdf');

  await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
  await confirm(page, 'Marquer comme terminée');
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Nuitées (personnes × nuits)')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(page.getByTestId('declaration-total')).toHaveText('16,50 €');
  await expect(page.getByRole('button', { name: 'Retirer' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger' }).click();
  expect((await downloading).suggestedFilename()).toBe('registre-mars-2024.pdf');

  await page.goto(`/establishments/${hotel}?annee=2024`);
  await expect(page.getByTestId('month-3')).toContainText('Terminée');
  await expect(page.getByTestId('month-3')).toContainText('16,50 €');
});

test('a host declares an unclassified let by rent bands, and the amount follows the law’s worked example', async ({
  page,
}) => {
  const let_ = await createEstablishment(page.request, {
    name: 'Meublé du Verger',
    type: 'NONE',
    capacityMaxPerson: 6,
    userId: await hostId(page.request),
  });
  await loginAs(page, 'host');
  await page.goto(`/declarations/new?establishmentId=${let_}&year=2024&month=3`);
  // 700 € for 7 nights for 4 persons, 2 of them minors: 100 € a night, the upper band.
  await page.getByLabel('Nuitées à 100,00 € ou plus par nuit').fill('28');
  await page.getByLabel('Loyers HT encaissés à 100,00 € ou plus par nuit (€)').fill('700');
  await page.getByLabel('dont nuitées exonérées (100,00 € ou plus)').fill('14');
  await page.getByLabel('dont part des nuitées exonérées (100,00 € ou plus, €)').fill('350');
  // 5 % × 700 € ÷ 28 = 1,25 € × 14 taxable = 17,50 €, plus 0,13 € × 14 departmental.
  await expect(page.getByTestId('declaration-total')).toHaveText('19,32 €');
  await page.getByLabel('Nuitées réservées via une plateforme collectrice').fill('40');
  await expect(page.getByTestId('declaration-total')).toHaveText('19,32 €');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
  await confirm(page, 'Marquer comme terminée');
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Nuitées à 100,00 € ou plus par nuit')).toHaveAttribute('readonly', '');
});

test('an admin reopens a declaration, filters the list to its month and exports a CSV whose totals match', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/declarations?year=2024&month=3');
  const totals = page.getByTestId('declaration-totals');
  await expect(totals).toContainText('35,82 €');
  await page
    .getByRole('row', { name: /Hôtel du Pont/ })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await page.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(page.getByText('Déclaration rouverte.')).toBeVisible();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();

  await page.goto('/declarations?year=2024&month=3&done=false');
  await expect(page.getByTestId('declaration-totals')).toContainText('16,50 €');
  await page.goto('/declarations?year=2024&month=3');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter tout en CSV' }).click();
  const download = await downloading;
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.startsWith('\uFEFFAnnée,Mois,')).toBe(true);
  const lines = text.trim().split('\r\n').slice(1);
  expect(lines).toHaveLength(2);
  // The last column is the total in euros with a decimal comma, quoted.
  const cents = lines.map((line) =>
    Number(
      line
        .match(/"(\d+),(\d{2})"$/)!
        .slice(1)
        .join(''),
    ),
  );
  expect(cents.reduce((a, b) => a + b, 0)).toBe(3582);
});
