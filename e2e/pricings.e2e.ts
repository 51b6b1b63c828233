import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './support/fixtures';

/** Valid 2026 tariffs (euros, French decimals; NONE in percent), in rank order. */
const TARIFFS_2026: Record<string, string> = {
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

function row(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** Dates as a French person types them: jj/mm/aaaa. */
async function fillPricing(page: Page, begin: string, end: string, tariffs = TARIFFS_2026) {
  await fillDate(page, 'Date de début', begin);
  await fillDate(page, 'Date de fin', end);
  for (const [label, value] of Object.entries(tariffs)) await row(page, label).fill(value);
}

async function fillDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.fill(date);
  await input.press('Escape');
  await input.blur();
}

/** The text of a row's computed column (departmental or total) on the pricing detail. */
function computed(page: Page, type: string, column: 'departmental' | 'total') {
  return page.locator(`[data-type="${type}"] [data-column="${column}"]`);
}

test.describe.configure({ mode: 'serial' });

test.describe('pricings', () => {
  test('an admin creates a 2026 pricing: a tariff above the ceiling is refused on its field, then saved', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Tarifs' })
      .click();
    await expect(page.getByRole('heading', { name: 'Tarifs', level: 1 })).toBeVisible();
    await expect(page.getByText('Aucune grille tarifaire pour le moment.')).toBeVisible();
    await page.getByRole('link', { name: 'Nouvelle grille' }).click();
    await expect(page).toHaveURL(/\/pricings\/new$/);

    await fillPricing(page, '01/01/2026', '31/12/2026');
    // The computed columns follow the typing: 10 % of 1,50 € is 0,15 €, total 1,65 €.
    await expect(computed(page, 'HOTEL_3', 'departmental')).toHaveText(/0,15\s€/);
    await expect(computed(page, 'HOTEL_3', 'total')).toHaveText(/1,65\s€/);
    // The bounds of the year beside the input.
    await expect(page.getByText(/2026\s: de 0,50\s€ à 1,70\s€/)).toBeVisible();

    // 1,80 € is above the 2026 ceiling for 3-star hotels (1,70 €).
    const hotel3 = row(page, 'Hôtels 3 étoiles et équivalents');
    await hotel3.fill('1,80');
    const ceiling =
      /Le tarif « Hôtels 3 étoiles et équivalents » \(1,80\s€\) dépasse le plafond légal 2026 de 1,70\s€\./;
    await expect(page.getByText(ceiling)).toBeVisible();
    await expect(hotel3).toHaveAttribute('aria-invalid', 'true');
    await expect(hotel3).toHaveAccessibleDescription(ceiling);
    await expect(computed(page, 'HOTEL_3', 'total')).toHaveText(/1,98\s€/);
    // Saving is refused and the field gets the focus.
    await page.getByRole('button', { name: 'Créer la grille' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Le formulaire est invalide.' })).toBeVisible();
    await expect(hotel3).toBeFocused();
    await expect(page).toHaveURL(/\/pricings\/new$/);

    await hotel3.fill('1,70');
    await expect(page.getByText(ceiling)).toHaveCount(0);
    await expect(hotel3).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Créer la grille' }).click();
    await expect(page.getByText('La grille tarifaire a été créée.')).toBeVisible();
    await expect(page).toHaveURL(/\/pricings\/\d+$/);
    await expect(page.getByText('du 1 janvier 2026 au 31 décembre 2026')).toBeVisible();
    await expect(row(page, 'Hôtels 3 étoiles et équivalents')).toHaveValue('1.7');

    await page.getByRole('link', { name: 'Retour aux tarifs' }).click();
    const list = page.getByRole('table', { name: 'Grilles tarifaires, la plus récente d’abord' });
    const line = list.getByRole('row', { name: /du 1 janvier 2026 au 31 décembre 2026/ });
    await expect(line).toBeVisible();
    await expect(line.getByText(/^(Passée|En cours|À venir)$/)).toBeVisible();
    await expect(line.getByRole('cell', { name: /1,70\s€/ })).toBeVisible();
  });

  test('the server’s refusal of an overlapping period shows on the date field', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/pricings/new');
    await fillPricing(page, '01/06/2026', '30/06/2026');
    await page.getByRole('button', { name: 'Créer la grille' }).click();
    await expect(page.getByLabel('Date de début')).toHaveAccessibleDescription(
      'La période chevauche celle de la grille du 1 janvier 2026 au 31 décembre 2026.',
    );
  });

  test('the calculator computes a stay for each type with the table being edited', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/pricings');
    await page.getByRole('link', { name: 'du 1 janvier 2026 au 31 décembre 2026' }).click();
    const results = page.getByTestId('calculator-results');
    // The law's example: 700 € for 7 nights, 4 persons of whom 2 minors, at 5 % → 17,50 € + 10 %.
    const none = results.getByRole('row', { name: /Hébergements non classés/ });
    await expect(none.getByRole('cell').nth(2)).toHaveText(/17,50\s€/);
    await expect(none.getByRole('cell').nth(4)).toHaveText(/19,32\s€/);
    // 3-star hotels at 1,70 € (+ 0,17 €) on 14 taxable person-nights.
    const hotel3 = results.getByRole('row', { name: /Hôtels 3 étoiles/ });
    await expect(hotel3.getByRole('cell').nth(4)).toHaveText(/26,18\s€/);
    await page.getByLabel('Nombre de nuits').fill('1');
    await expect(hotel3.getByRole('cell').nth(4)).toHaveText(/3,74\s€/);
    // Typing in the table changes the simulation at once.
    await row(page, 'Hôtels 3 étoiles et équivalents').fill('1,00');
    await expect(hotel3.getByRole('cell').nth(4)).toHaveText(/2,20\s€/);
  });

  test('duplicate for next year when its bounds exist, then delete after confirmation', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/pricings');
    await page.getByRole('link', { name: 'du 1 janvier 2026 au 31 décembre 2026' }).click();
    // 2027's legal bounds are not in the product: no duplicate that could not be saved.
    await expect(page.getByRole('button', { name: 'Dupliquer pour l’année suivante' })).toBeDisabled();
    await expect(
      page.getByText(/Les limites légales de 2027 ne sont pas encore dans le produit/),
    ).toBeVisible();

    // A 2025 grid duplicates onto 2026, which the 2026 grid already covers: refused on the date.
    await page.goto('/pricings/new');
    await fillPricing(page, '01/01/2025', '31/12/2025');
    await page.getByRole('button', { name: 'Créer la grille' }).click();
    await expect(page.getByText('La grille tarifaire a été créée.')).toBeVisible();
    await expect(page.getByText('du 1 janvier 2025 au 31 décembre 2025')).toBeVisible();
    const created = page.url();
    await page.getByRole('button', { name: 'Dupliquer pour l’année suivante' }).click();
    await expect(page).toHaveURL(/\/pricings\/new\?from=\d+$/);
    await expect(page.getByLabel('Date de début')).toHaveValue('01/01/2026');
    await expect(page.getByLabel('Date de fin')).toHaveValue('31/12/2026');
    await expect(row(page, 'Palaces')).toHaveValue('3');
    await page.getByRole('button', { name: 'Créer la grille' }).click();
    await expect(page.getByLabel('Date de début')).toHaveAccessibleDescription(/La période chevauche/);

    await page.goto(created);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Êtes-vous sûr de vouloir supprimer cet élément ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page).toHaveURL(/\/pricings$/);
    await expect(page.getByText('La grille tarifaire a été supprimée.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'du 1 janvier 2025 au 31 décembre 2025' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'du 1 janvier 2026 au 31 décembre 2026' })).toBeVisible();
  });

  test('a host may read a pricing, without admin buttons, but not the list', async ({ page }) => {
    const token = await loginAs(page, 'admin');
    const list = await page.request.get('/api/pricings', { headers: { authorization: token } });
    const id = (await list.json()).data[0].id as number;
    await loginAs(page, 'host');
    await page.goto(`/pricings/${id}`);
    await expect(page.getByText('Vous consultez cette grille en lecture seule.')).toBeVisible();
    await expect(row(page, 'Palaces')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await page.goto('/pricings');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the date calendar comes when a date field is about to be used, and a picked day fills it', async ({
    page,
  }) => {
    const calendar: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/DateCalendar-[\w-]{8}\.(js|css)$/.test(request.url())) calendar.push(request.url());
    });
    await loginAs(page, 'admin');
    await page.goto('/pricings/new');
    const begin = page.getByLabel('Date de début');
    await expect(begin).toBeVisible();
    expect(calendar).toEqual([]);
    // Typed at once, before the calendar can have arrived; it then opens on the typed month.
    await begin.click();
    await begin.pressSequentially('01/06/2026');
    await expect(begin).toHaveValue('01/06/2026');
    const day = page.getByRole('button', { name: '20 juin 2026' });
    await expect(day).toBeVisible();
    expect(calendar.length).toBeGreaterThan(0);
    await expect(begin).toBeFocused();
    await day.click();
    await expect(day).toBeHidden();
    await expect(begin).toHaveValue('20/06/2026');
    await expect(begin).toBeFocused();
    await begin.press('Escape');
    await page.getByRole('button', { name: 'Effacer la date' }).click();
    await expect(begin).toHaveValue('');
  });
});
