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
  // Open long before the months the tests declare (an establishment created today would open today).
  const response = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: { openingDate: '2020-01-01', ...body },
  });
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

  // A save is one request: the screen shows the declaration it answers, in place (the same inputs), not
  // asked for again.
  const declarationUrl = new URL(page.url()).pathname.replace(/^\//, '/api/');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === declarationUrl) calls.push(request.method());
  });
  const exempt = page.getByLabel('Nuitées exonérées');
  const input = await exempt.elementHandle();
  await exempt.fill('3');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Déclaration enregistrée.')).toBeVisible();
  await expect(exempt).toHaveValue('3');
  await expect(page.getByTestId('declaration-total')).toHaveText('18,15 €');
  expect(await input?.evaluate((node) => node.isConnected)).toBe(true);
  expect(calls).toEqual(['PUT']);
  await exempt.fill('4');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByTestId('declaration-total')).toHaveText('16,50 €');
  await expect.poll(() => calls).toEqual(['PUT', 'PUT']);

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
  // Done, the amount is still explained, from the tariffs the declaration keeps.
  await expect(page.getByTestId('declaration-amounts')).toContainText(
    'Part intercommunale : 1,50 € × 10 nuitées = 15,00 €',
  );
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
  test.setTimeout(60_000);
  const let_ = await createEstablishment(page.request, {
    name: 'Meublé du Verger',
    type: 'NONE',
    capacityMaxPerson: 6,
    userId: await hostId(page.request),
  });
  await loginAs(page, 'host');
  await page.goto(`/declarations/new?establishmentId=${let_}&year=2024&month=3`);
  // 700 € for 7 nights for 4 persons, 2 of them minors: 100 € a night, the upper band.
  const upper = page.getByRole('group', { name: 'Nuitées à 100,00 € HT ou plus par nuit' });
  await upper.getByLabel('Nuitées', { exact: true }).fill('28');
  await upper.getByLabel('Loyers encaissés (€ HT)', { exact: true }).fill('700');
  await upper.getByLabel('dont nuitées exonérées', { exact: true }).fill('14');
  await upper.getByLabel('dont loyers des nuitées exonérées (€ HT)', { exact: true }).fill('350');
  // 5 % × 700 € ÷ 28 = 1,25 € × 14 taxable = 17,50 €, plus 0,13 € × 14 departmental.
  await expect(page.getByTestId('declaration-total')).toHaveText('19,32 €');
  const explained = page.getByTestId('explain-sup');
  await expect(explained.getByTestId('explain-cc')).toHaveText(
    'Part intercommunale : 1,25 € × 14 nuitées = 17,50 €',
  );
  await expect(explained.getByTestId('explain-moselle')).toHaveText(
    'Taxe additionnelle départementale : 0,13 € × 14 nuitées = 1,82 €',
  );
  await page.getByLabel('Nuitées réservées via une plateforme collectrice').fill('40');
  await expect(page.getByTestId('declaration-total')).toHaveText('19,32 €');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  // The register holds no stay in March: attaching its PDF asks first.
  const attach = page.getByRole('button', { name: 'Joindre le registre du mois (PDF tiré des séjours)' });
  await attach.click();
  await expect(page.getByRole('dialog')).toContainText('Le registre ne compte aucun séjour en mars 2024');
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByText('Aucun registre joint.')).toBeVisible();
  await attach.click();
  await confirm(page, 'Joindre quand même');
  await expect(page.getByTestId('register-name')).toHaveText('registre-2024-03.pdf');
  await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Marquer comme terminée la déclaration de mars 2024 pour un montant de 19,32 € ?',
  );
  await confirm(page, 'Marquer comme terminée');
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(upper.getByLabel('Nuitées', { exact: true })).toHaveAttribute('readonly', '');
  // A done declaration explains itself from the tariffs it keeps.
  await expect(explained.getByTestId('explain-cc')).toHaveText(
    'Part intercommunale : 1,25 € × 14 nuitées = 17,50 €',
  );
});

/** Picks a suggestion of one of the list's select filters, as a user does. */
async function pick(page: Page, label: string, option: string, typed?: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  if (typed !== undefined) await field.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** A French figure as the screen shows it ("1 234", "35,82 €") in whole units or cents. */
function figure(text: string | null): number {
  const digits = (text ?? '').replace(/[^\d,]/g, '');
  return digits.includes(',') ? Number(digits.replace(',', '')) : Number(digits);
}

/** The cells of one line of the server's CSV (`;` inside quotes belongs to the cell; "" is a quote). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Totals of the screen, by label, once the totals of the current filters have arrived. */
async function screenTotals(page: Page, answered: Promise<unknown>) {
  await answered;
  const totals = page.getByTestId('declaration-totals');
  await expect(totals).toHaveAttribute('aria-busy', 'false');
  const read = async (label: string) => figure(await totals.getByTestId(`total-${label}`).textContent());
  return {
    count: await read('Déclarations'),
    nights: await read('Nuitées'),
    taxable: await read('Nuitées taxables'),
    platform: await read('Nuitées via plateformes'),
    cc: await read('Part intercommunale'),
    moselle: await read('Taxe additionnelle départementale'),
    total: await read('Total'),
  };
}

/** Exports the whole filtered set and sums its columns as the totals do. */
async function exportedTotals(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter tout en CSV' }).click();
  const stream = await (await downloading).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.startsWith('\uFEFFAnnée;Mois;')).toBe(true);
  const [header, ...rows] = text.trim().split('\r\n').map(csvCells);
  const sum = (column: string) => {
    const index = header!.indexOf(column);
    expect(index, column).toBeGreaterThanOrEqual(0);
    return rows.reduce((total, row) => total + figure(row[index] ?? ''), 0);
  };
  return {
    count: rows.length,
    nights: sum('Nuitées'),
    taxable: sum('Nuitées taxables'),
    platform: sum('Nuitées via plateformes'),
    cc: sum('Part intercommunale (€)'),
    moselle: sum('Taxe additionnelle départementale (€)'),
    total: sum('Total (€)'),
  };
}

const totalsAnswer = (page: Page, ...terms: string[]) =>
  page.waitForResponse(
    (r) => r.url().includes('/api/declarations/totals?') && terms.every((term) => r.url().includes(term)),
  );

test('an admin reopens a declaration, filters the list to its month with the controls, and the CSV totals match the screen', async ({
  page,
}) => {
  // Three exports and a dozen filter changes on a machine shared with other test runs.
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/declarations');
  await pick(page, 'Année', '2024');
  let answered = totalsAnswer(page, 'year=2024', 'month=3');
  await pick(page, 'Mois', 'mars');
  await expect(page).toHaveURL(/[?&]year=2024(&|$)/);
  await expect(page).toHaveURL(/[?&]month=3(&|$)/);
  await screenTotals(page, answered);

  await page
    .getByRole('row', { name: /Hôtel du Pont/ })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  await page.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(page.getByText('Déclaration rouverte.')).toBeVisible();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();

  // Back to the list, its filters kept in the URL; the month's two declarations, one of them a draft again.
  answered = totalsAnswer(page, 'year=2024', 'month=3');
  await page.goBack();
  const month = await screenTotals(page, answered);
  expect(month.count).toBe(2);
  expect(month.platform).toBeGreaterThan(0);
  expect(await exportedTotals(page)).toEqual(month);

  // A search narrows the list, its totals and its export alike.
  // (Not "Pont": the host is Henri Dupont, and the search reads providers' names too.)
  answered = totalsAnswer(page, 'year=2024', 'month=3', 'q=Verger');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Verger');
  const searched = await screenTotals(page, answered);
  expect(searched.count).toBe(1);
  expect(searched.platform).toBe(40);
  expect(await exportedTotals(page)).toEqual(searched);
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');

  // The provider and establishment filters search the server as the admin types.
  await pick(page, 'Hébergeur', ACCOUNTS.host.username, ACCOUNTS.host.username);
  await expect(page).toHaveURL(/[?&]userId=\d+/);
  answered = totalsAnswer(page, 'year=2024', 'month=3', 'establishmentId=');
  await pick(page, 'Établissement', 'Hôtel du Pont', 'Pont');
  await expect(page).toHaveURL(/[?&]establishmentId=\d+/);
  const one = await screenTotals(page, answered);
  expect(one.count).toBe(1);
  expect(one.platform).toBe(0);
  expect(await exportedTotals(page)).toEqual(one);
  await expect(page.getByRole('row', { name: /Meublé du Verger/ })).toHaveCount(0);
});
