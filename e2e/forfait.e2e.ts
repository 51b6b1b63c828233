import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { formatEuros } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A deliberation of 2024 puts campsites au forfait (3–5★ at 0,60 €, the departmental 10 %, an abatement of 30 %
 * from 1 night). On a phone, the host of a 3★ campsite finds the year's collection period on the establishment,
 * declares it open from 1 May to 30 September with 120 pitches, sees the forfait and marks it done — late, the
 * deadline having passed. 2024 is a past year, so the period is late whatever the day of the run; the test's
 * deliberation is the only pricing while it runs (no other test leaves one) and it removes all it made.
 */
test.use({ viewport: { width: 375, height: 800 } });

const YEAR = 2024;
const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let campsiteId = 0;
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
  const pricing = await request.post('/api/pricings', {
    ...auth(adminToken),
    data: {
      ...lawfulPricingPayload({ beginDate: `${YEAR}-01-01`, endDate: `${YEAR}-12-31` }),
      departmentalRate: 1000,
      forfait: { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 3000 }] },
    },
  });
  expect(pricing.status(), await pricing.text()).toBe(201);
  pricingId = (await pricing.json()).data.id;
  const created = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: `Camping des Grands Pins ${Date.now().toString(36)}`,
      nature: 'CAMPSITE',
      stars: 3,
      classifiedOn: '2022-05-02',
      openingDate: '2020-01-01',
      userId: await hostId(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campsite = (await created.json()).data;
  expect(campsite.type).toBe('CAMPING_345');
  campsiteId = campsite.id;
});

test.afterAll(async ({ request }) => {
  // The establishment takes its declarations with it; then nothing holds the pricing.
  if (campsiteId) await request.delete(`/api/establishments/${campsiteId}`, auth(adminToken));
  if (pricingId) await request.delete(`/api/pricings/${pricingId}`, auth(adminToken));
});

test('a campsite’s host declares a collection period au forfait on a phone', async ({ page }) => {
  await loginAs(page, 'host');
  await page.goto(`/establishments/${campsiteId}?annee=${YEAR}`);
  const period = page.getByTestId(`forfait-period-${YEAR}-01-01`);
  await expect(period).toContainText(`Du 1er janvier ${YEAR} au 31 décembre ${YEAR}`);
  await expect(period).toContainText(`À déclarer au plus tard le 1er décembre ${YEAR - 1}`);
  await expect(period).toContainText('En retard');
  // Its months are au forfait: nothing to declare month by month.
  await expect(page.getByTestId('month-5')).toBeDisabled();
  await expect(page.getByTestId('month-5')).toContainText('Au forfait');

  await period.getByRole('button', { name: /^Déclarer/ }).click();
  await expect(page.getByRole('heading', { name: 'Déclaration au forfait' })).toBeVisible();
  await page.getByRole('textbox', { name: /Période 1 : première nuit/ }).fill(`01/05/${YEAR}`);
  await page.getByRole('textbox', { name: /Période 1 : dernière nuit/ }).fill(`30/09/${YEAR}`);
  await page.getByRole('textbox', { name: /Nombre d’emplacements/ }).fill('120');
  await expect(page.getByText('Règle de calcul : 3 personnes par emplacement.')).toBeVisible();
  // 120 pitches × 3 × 153 nights × (1 − 30 %) = 38 556 person-nights at 0,60 € + 0,06 €.
  const total = formatEuros(2_544_696);
  await expect(page.getByTestId('declaration-total')).toHaveText(total);

  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await expect(page.getByTestId('forfait-nights')).toHaveText('153');
  await expect(page.getByTestId('declaration-total')).toHaveText(total);
  // One column on a phone: the amounts come under the form, and nothing is wider than the screen.
  const form = await page.getByRole('form', { name: 'Déclaration au forfait' }).boundingBox();
  const amounts = await page.getByTestId('declaration-amounts').boundingBox();
  expect(amounts && form && amounts.y >= form.y + form.height).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marquer comme terminée' }).click();
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(page.getByTestId('forfait-late')).toHaveText('Déclarée en retard');
  await expect(page.getByRole('textbox', { name: /Nombre d’emplacements/ })).toHaveAttribute('readonly');
  await expect(page.getByTestId('declaration-total')).toHaveText(total);
});
