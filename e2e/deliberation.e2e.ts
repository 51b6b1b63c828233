import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginAs, test } from './support/fixtures';

/**
 * An admin enters a deliberation on the pricing screen — the regional and Île-de-France Mobilités taxes on
 * top of the departmental one, collected from April to September — saves it, opens it again and finds it
 * as entered, with each tax's unit on every row. The pricing is deleted at the end: the test leaves nothing.
 */

const TARIFFS: Record<string, string> = {
  Palaces: '3,00',
  'Hôtels 5 étoiles et équivalents': '2,50',
  'Hôtels 4 étoiles et équivalents': '2,00',
  'Hôtels 3 étoiles et équivalents': '1,50',
  'Hôtels 2 étoiles et équivalents': '1,00',
  'Hôtels 1 étoile et équivalents': '0,80',
  'Campings 3, 4 et 5 étoiles et équivalents': '0,60',
  'Campings 1 et 2 étoiles et équivalents': '0,20',
  'Hébergements non classés ou en attente de classement': '5',
};

/** A month (the 1st to the 28th) of a year with shipped bounds that no pricing covers yet, as jj/mm/aaaa. */
async function freeMonth(request: APIRequestContext, token: string) {
  const response = await request.get('/api/pricings', { headers: { authorization: token } });
  const pricings = (await response.json()).data as Array<{ beginDate: string; endDate: string }>;
  for (const year of [2025, 2024, 2026]) {
    for (let month = 1; month <= 12; month++) {
      const mm = String(month).padStart(2, '0');
      const [begin, end] = [`${year}-${mm}-01`, `${year}-${mm}-28`];
      if (pricings.every((p) => p.endDate < begin || p.beginDate > end))
        return { begin: `01/${mm}/${year}`, end: `28/${mm}/${year}` };
    }
  }
  throw new Error('every month of 2024–2026 already has a pricing');
}

async function fillDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.fill(date);
  await input.press('Escape');
  await input.blur();
}

const component = (page: Page, kind: string) => page.locator(`[data-component="${kind}"]`);
const unit = (page: Page, type: string, column: string) =>
  page.locator(`[data-type="${type}"] [data-column="${column}"]`);

test('an admin enters a deliberation with two more taxes and a season, and finds it again', async ({
  page,
}) => {
  const token = await loginAs(page, 'admin');
  const { begin, end } = await freeMonth(page.request, token);
  await page.goto('/pricings/new');
  await fillDate(page, 'Date de début', begin);
  await fillDate(page, 'Date de fin', end);
  for (const [label, value] of Object.entries(TARIFFS))
    await page.getByLabel(label, { exact: true }).fill(value);

  const taxes = page.getByRole('region', { name: 'Taxes additionnelles' });
  await expect(component(page, 'IDF_MOBILITES')).toContainText('CGCT, art. L2531-18');
  await expect(component(page, 'IDF_MOBILITES')).toContainText(/taux légal 20\d\d\s: 200\s%/);
  await component(page, 'ILE_DE_FRANCE').getByLabel('Perçue').check();
  await component(page, 'IDF_MOBILITES').getByLabel('Perçue').check();
  await expect(taxes.getByLabel('Taxe additionnelle Île-de-France Mobilités', { exact: true })).toHaveValue(
    '200',
  );
  // Each tax's unit on the 3★ row, rounded on its own: 1,50 + 0,15 + 0,23 + 3,00 = 4,88 €.
  await expect(unit(page, 'HOTEL_3', 'departmental')).toHaveText(/0,15\s€/);
  await expect(unit(page, 'HOTEL_3', 'ILE_DE_FRANCE')).toHaveText(/0,23\s€/);
  await expect(unit(page, 'HOTEL_3', 'IDF_MOBILITES')).toHaveText(/3,00\s€/);
  await expect(unit(page, 'HOTEL_3', 'total')).toHaveText(/4,88\s€/);

  await page.getByLabel('Période 1 : du (jj/mm)').fill('01/04');
  await page.getByLabel('Période 1 : au (jj/mm)').fill('30/09');
  await page.getByRole('button', { name: 'Créer la grille' }).click();
  await expect(page.getByText('La grille tarifaire a été créée.')).toBeVisible();
  await expect(page).toHaveURL(/\/pricings\/\d+$/);
  const id = Number(page.url().split('/').pop());

  try {
    await page.reload();
    await expect(component(page, 'ILE_DE_FRANCE').getByLabel('Perçue')).toBeChecked();
    await expect(component(page, 'IDF_MOBILITES').getByLabel('Perçue')).toBeChecked();
    await expect(component(page, 'RAILWAY_LINE').getByLabel('Perçue')).not.toBeChecked();
    await expect(page.getByLabel('Période 1 : du (jj/mm)')).toHaveValue('01/04');
    await expect(page.getByLabel('Période 1 : au (jj/mm)')).toHaveValue('30/09');
    await expect(unit(page, 'HOTEL_3', 'total')).toHaveText(/4,88\s€/);
    await expect(unit(page, 'PALACES', 'IDF_MOBILITES')).toHaveText(/6,00\s€/);
  } finally {
    const removed = await page.request.delete(`/api/pricings/${id}`, { headers: { authorization: token } });
    expect(removed.status()).toBe(200);
  }
});
