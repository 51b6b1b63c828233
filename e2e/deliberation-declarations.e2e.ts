import type { APIRequestContext } from '@playwright/test';
import { PARIS_LIKE_YEAR } from './support/deliberations';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A host declares a month under a Paris-like deliberation (seeded with the database: 3★ at 1,70 € with the
 * departmental, Île-de-France and Île-de-France Mobilités components) and sees each component, its line of
 * explanation and the total, as they type and once saved.
 */
const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let hotelId = 0;

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
      name: 'Hôtel de la Seine',
      type: 'HOTEL_3',
      capacityMaxPerson: 20,
      openingDate: '2020-01-01',
      userId: await hostId(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  hotelId = (await created.json()).data.id;
});

test.afterAll(async ({ request }) => {
  if (hotelId) await request.delete(`/api/establishments/${hotelId}`, auth(adminToken));
});

test('a host declares a month under a Paris-like deliberation and sees each component', async ({ page }) => {
  await loginAs(page, 'host');
  await page.goto(`/establishments/${hotelId}?annee=${PARIS_LIKE_YEAR}`);
  await page.getByTestId('month-6').click();
  await expect(page.getByRole('heading', { name: `Déclaration — juin ${PARIS_LIKE_YEAR}` })).toBeVisible();

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
