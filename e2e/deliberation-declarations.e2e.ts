import type { APIRequestContext } from '@playwright/test';
import { componentInfo, daysInMonth, type Month, monthName } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A host with a furnished let classified 3★ ("Meublé de tourisme — 3 étoiles", taxed on the 3★ hotels' row)
 * declares a month under a Paris-like deliberation — 3★ at 1,70 € with the departmental, Île-de-France and
 * Île-de-France Mobilités components — and sees each component, its line of explanation and the total, as they
 * type and once saved. The deliberation covers one month no other pricing covers, entered through the API as
 * the pricing screen sends it; the test removes everything it made.
 */
const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let letId = 0;
let pricingId = 0;
const target = { year: 0, month: 1 as Month };

async function hostId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const user = (await response.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  return user.id;
}

/** A whole past month of a year with shipped bounds that no pricing covers yet. */
async function freeMonth(request: APIRequestContext): Promise<{ year: number; month: Month }> {
  const response = await request.get('/api/pricings', auth(adminToken));
  const pricings = (await response.json()).data as Array<{ beginDate: string; endDate: string }>;
  const today = new Date().toISOString().slice(0, 7);
  for (const year of [2025, 2026]) {
    for (let m = 1; m <= 12; m++) {
      const month = m as Month;
      const mm = String(month).padStart(2, '0');
      const [begin, end] = [`${year}-${mm}-01`, `${year}-${mm}-${daysInMonth(year, month)}`];
      if (`${year}-${mm}` >= today) break;
      if (pricings.every((p) => p.endDate < begin || p.beginDate > end)) return { year, month };
    }
  }
  throw new Error('every past month of 2025–2026 already has a pricing');
}

const on = (kind: keyof typeof componentInfo, rate: number) => ({
  enabled: true,
  rate,
  beneficiary: componentInfo[kind].beneficiary,
});

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  Object.assign(target, await freeMonth(request));
  const mm = String(target.month).padStart(2, '0');
  const base = lawfulPricingPayload({
    beginDate: `${target.year}-${mm}-01`,
    endDate: `${target.year}-${mm}-${daysInMonth(target.year, target.month)}`,
  });
  const pricing = await request.post('/api/pricings', {
    ...auth(adminToken),
    data: {
      ...base,
      rows: { ...base.rows, HOTEL_3: { tariff: 170 } },
      components: {
        DEPARTMENTAL: on('DEPARTMENTAL', 1000),
        ILE_DE_FRANCE: on('ILE_DE_FRANCE', 1500),
        IDF_MOBILITES: on('IDF_MOBILITES', 20000),
        RAILWAY_LINE: { ...on('RAILWAY_LINE', 3400), enabled: false },
      },
    },
  });
  expect(pricing.status(), await pricing.text()).toBe(201);
  pricingId = (await pricing.json()).data.id;
  const created = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: 'Meublé de la Seine',
      nature: 'FURNISHED_LET',
      stars: 3,
      classifiedOn: '2024-05-02',
      capacityMaxPerson: 6,
      openingDate: '2020-01-01',
      userId: await hostId(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const establishment = (await created.json()).data;
  expect(establishment.type).toBe('HOTEL_3');
  letId = establishment.id;
});

test.afterAll(async ({ request }) => {
  if (letId) await request.delete(`/api/establishments/${letId}`, auth(adminToken));
  if (pricingId) await request.delete(`/api/pricings/${pricingId}`, auth(adminToken));
});

test('a host with a 3★ furnished let declares a month under a Paris-like deliberation and sees each component', async ({
  page,
}) => {
  await loginAs(page, 'host');
  await page.goto(`/establishments/${letId}?annee=${target.year}`);
  await page.getByTestId(`month-${target.month}`).click();
  await expect(
    page.getByRole('heading', { name: `Déclaration — ${monthName(target.month)} ${target.year}` }),
  ).toBeVisible();

  await page.getByLabel('Personnes arrivées').fill('12');
  await page.getByLabel('Nuitées (personnes × nuits)').fill('36');
  const amounts = page.getByTestId('declaration-amounts');
  // 36 person-nights × (1,70 + 0,17 + 0,26 + 3,40 = 5,53 €), computed live with the month's deliberation.
  await expect(page.getByTestId('declaration-total')).toHaveText('199,08 €');
  await expect(amounts).toContainText(
    'Taxe additionnelle régionale Île-de-France : 0,26 € × 36 nuitées = 9,36 €',
  );
  await expect(amounts).toContainText(
    'Taxe additionnelle Île-de-France Mobilités : 3,40 € × 36 nuitées = 122,40 €',
  );
  await expect(amounts).toContainText('Taxe additionnelle départementale : 0,17 € × 36 nuitées = 6,12 €');
  await expect(amounts).toContainText('Part intercommunale : 1,70 € × 36 nuitées = 61,20 €');

  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marquer comme terminée' }).click();
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible();
  // Done, each component is read from what the declaration stored.
  await expect(page.getByTestId('component-DEPARTMENTAL')).toHaveText('6,12 €');
  await expect(page.getByTestId('component-ILE_DE_FRANCE')).toHaveText('9,36 €');
  await expect(page.getByTestId('component-IDF_MOBILITES')).toHaveText('122,40 €');
  await expect(page.getByTestId('declaration-total')).toHaveText('199,08 €');
  await expect(amounts).toContainText(
    'Taxe additionnelle régionale Île-de-France : 0,26 € × 36 nuitées = 9,36 €',
  );
});
