import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatEuros } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A host keeps their register in French Excel and imports it: a semicolon CSV in Windows-1252 with decimal
 * commas and dd/mm/yyyy dates, 200 stays of May–July 2025 (a year no other browser test declares). Two lines
 * are refused with their reasons; the host fixes the file, imports it, computes June from the register, and the
 * declaration's amount is the one computed here by hand.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let createdPricing = 0;
let establishmentId = 0;
/** The 3★ unit (communal tariff + departmental) of the pricing covering June 2025, in cents. */
let unitCents = 0;

interface Row {
  arrival: Date;
  nights: number;
  persons: number;
  exempted: number;
  price: string;
}

const DAY = 86_400_000;
const frenchDate = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;

/** 200 stays from 1 May 2025, one every ~11 hours, some across the end of June. */
function stays(): Row[] {
  return Array.from({ length: 200 }, (_, i) => ({
    arrival: new Date(Date.UTC(2025, 4, 1) + Math.floor(i * 0.45) * DAY),
    nights: 1 + (i % 6),
    persons: 1 + (i % 4),
    exempted: i % 5 === 0 ? 1 : 0,
    price: `${80 + (i % 9) * 15},${String((i * 7) % 100).padStart(2, '0')}`,
  }));
}

/** The file as French Excel saves "CSV (séparateur : point-virgule)": Windows-1252, CRLF, no BOM. */
function excelCsv(rows: readonly Row[], broken: boolean): Buffer {
  const lines = [
    "Date d'arrivée;Date de départ;Nombre de personnes;Personnes exonérées;Motif;Prix HT;Référence",
  ];
  rows.forEach((row, i) => {
    const departure = new Date(row.arrival.getTime() + row.nights * DAY);
    let cells = [
      frenchDate(row.arrival),
      frenchDate(departure),
      String(row.persons),
      String(row.exempted),
      row.exempted > 0 ? 'Mineur' : '',
      row.price,
      `Réservation n°${i + 1}`,
    ];
    // Line 11 leaves before it arrives; line 51 has persons in words.
    if (broken && i === 9) cells = [cells[1]!, cells[0]!, ...cells.slice(2)];
    if (broken && i === 49) cells[2] = 'deux';
    lines.push(cells.join(';'));
  });
  // Every character here is in Latin-1, which Windows-1252 extends: Node's latin1 writes the same bytes.
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** June's taxable person-nights by hand: each stay's nights that fall in June, minus its exempted persons'. */
function juneTaxableNights(rows: readonly Row[]): number {
  const first = Date.UTC(2025, 5, 1);
  const end = Date.UTC(2025, 6, 1);
  let taxable = 0;
  for (const row of rows) {
    for (let n = 0; n < row.nights; n++) {
      const night = row.arrival.getTime() + n * DAY;
      if (night >= first && night < end) taxable += row.persons - row.exempted;
    }
  }
  return taxable;
}

async function hostId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  return (await response.json()).data.find((u: { username: string }) => u.username === ACCOUNTS.host.username)
    .id;
}

async function chooseFile(page: Page, buffer: Buffer) {
  await page
    .getByTestId('import-panel')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'registre-juin.csv', mimeType: 'text/csv', buffer });
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  const covering = await request.get('/api/pricings/in-force?year=2025&month=6', auth(adminToken));
  if (covering.status() === 200) {
    unitCents = (await covering.json()).data.rows.HOTEL_3.total;
  } else {
    const pricing = await request.post('/api/pricings', {
      ...auth(adminToken),
      data: lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' }),
    });
    expect(pricing.status(), await pricing.text()).toBe(201);
    createdPricing = (await pricing.json()).data.id;
    unitCents = (await pricing.json()).data.rows.HOTEL_3.total;
  }
  const establishment = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: 'Hôtel des Mirabelles',
      type: 'HOTEL_3',
      capacityMaxPerson: 200,
      userId: await hostId(request),
    },
  });
  expect(establishment.status(), await establishment.text()).toBe(201);
  establishmentId = (await establishment.json()).data.id;
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
});

test('a host imports a French Excel CSV of 200 stays, fixes two lines, and declares June from the register', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const rows = stays();
  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}`);
  await page.getByRole('link', { name: 'Registre des séjours' }).click();
  await expect(page.getByRole('heading', { name: 'Registre des séjours' })).toBeVisible();

  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await chooseFile(page, excelCsv(rows, true));
  const dialog = page.getByTestId('import-panel');
  await expect(dialog.getByTestId('import-summary')).toContainText(
    '198 lignes prêtes à importer, 2 lignes refusées.',
  );
  await expect(dialog.getByTestId('import-summary')).toContainText(
    'Mois modifiés : mai 2025, juin 2025, juillet 2025',
  );
  const refused = dialog.getByTestId('import-refused');
  await expect(refused).toContainText(
    'Ligne 11 : Départ : La date de départ doit être postérieure à la date d’arrivée.',
  );
  await expect(refused).toContainText('Ligne 51 : Personnes : « deux » n’est pas un nombre entier.');
  // The columns were recognised from their French names, accents read from Windows-1252.
  await expect(dialog.getByLabel('Arrivée', { exact: true })).toHaveValue('0');
  await expect(dialog.getByLabel('Référence', { exact: true })).toHaveValue('6');
  await expect(dialog.getByRole('cell', { name: 'Réservation n°1', exact: true })).toBeVisible();
  // A disabled button says why beside it.
  const importButton = dialog.getByRole('button', { name: /^Importer \d+ séjour/ });
  await expect(importButton).toBeDisabled();
  await expect(importButton).toHaveAccessibleDescription(
    'Impossible d’importer : 2 lignes sont refusées, corrigez le fichier.',
  );

  await chooseFile(page, excelCsv(rows, false));
  await expect(dialog.getByTestId('import-summary')).toContainText('200 lignes prêtes à importer.');
  await expect(dialog.getByTestId('import-blocked')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Importer 200 séjours' }).click();
  await expect(page.getByText('200 séjours importés.')).toBeVisible();
  await expect(page.getByTestId('import-panel')).toHaveCount(0);
  await page.getByLabel('Année').selectOption('2025');
  await page.getByLabel('Mois', { exact: true }).selectOption({ label: 'juin' });
  const juneStays = rows.filter(
    (r) =>
      r.arrival.getTime() < Date.UTC(2025, 6, 1) &&
      r.arrival.getTime() + r.nights * DAY > Date.UTC(2025, 5, 1),
  );
  await expect(page.getByTestId('register-count')).toContainText(`${juneStays.length} séjours`);

  // Choosing the same file again warns that its stays are already there: an import adds, it never replaces.
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await chooseFile(page, excelCsv(rows, false));
  await expect(page.getByTestId('import-existing')).toContainText('Le registre compte déjà 200 séjours');
  await page.getByTestId('import-panel').getByRole('button', { name: 'Fermer' }).click();

  const taxable = juneTaxableNights(rows);
  const byHand = taxable * unitCents;
  expect(taxable).toBeGreaterThan(100);

  await page.goto(`/declarations/new?establishmentId=${establishmentId}&year=2025&month=6`);
  await expect(page.getByRole('heading', { name: 'Déclaration — juin 2025' })).toBeVisible();
  await page.getByRole('button', { name: 'Calculer depuis le registre' }).click();
  await expect(page.getByTestId('register-used')).toContainText('séjours du registre');
  await expect(page.getByTestId('declaration-total')).toHaveText(formatEuros(byHand));
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/declarations\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const stored = await page.request.get(`/api/declarations/${id}`, auth(adminToken));
  expect((await stored.json()).data).toMatchObject({ taxableNights: taxable, totalAmount: byHand });
});

test('the import offers its template, remembers the columns chosen, and leaves out a done month’s stays', async ({
  page,
}) => {
  // June 2025 declared and done (the previous test saved its draft): its stays are frozen.
  const months = await page.request.get(
    `/api/establishments/${establishmentId}/months?year=2025`,
    auth(adminToken),
  );
  const june = (await months.json()).data.months.find((m: { month: number }) => m.month === 6);
  expect(june?.declarationId).toEqual(expect.any(Number));
  const done = await page.request.post(`/api/declarations/${june.declarationId}/done`, {
    ...auth(adminToken),
    data: {},
  });
  expect(done.status(), await done.text()).toBe(200);

  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}/register?year=2025&month=9`);
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  const dialog = page.getByTestId('import-panel');
  // Before any file: the expected columns, and a template that the import reads as is.
  const columns = dialog.getByTestId('import-columns');
  await expect(columns).toContainText('Arrivée (obligatoire) : date d’arrivée, jj/mm/aaaa');
  await expect(columns).toContainText('Plateforme (facultative)');
  await expect(dialog.getByTestId('import-blocked')).toHaveText('Choisissez d’abord un fichier.');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Modèle CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('modele-registre-sejours.csv');
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Modèle XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('modele-registre-sejours.xlsx');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: xlsx.suggestedFilename(),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: readFileSync(await xlsx.path()),
  });
  await expect(dialog.getByTestId('import-summary')).toContainText('3 lignes prêtes à importer.');
  await expect(dialog.getByLabel('Plateforme', { exact: true })).toHaveValue('6');

  // A file whose price column the import cannot name: the host maps it once.
  const file = (lines: string[]) => ({
    name: 'export-pms.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Du;Au;Occupants;Tarif total', ...lines].join('\r\n'), 'utf8'),
  });
  const lines = [
    '28/06/2025;02/07/2025;2;400,00',
    '10/09/2025;12/09/2025;3;150,00',
    '20/09/2025;21/09/2025;1;60,00',
  ];
  await dialog.locator('input[type="file"]').setInputFiles(file(lines));
  await expect(dialog.getByTestId('import-blocked')).toHaveText('Indiquez la colonne manquante ci-dessus.');
  await dialog.getByLabel('Prix HT', { exact: true }).selectOption({ label: 'Tarif total' });
  // The stay across the end of June is left out, on its own line, with why; the two others can be imported.
  const skipped = dialog.getByTestId('import-skipped');
  await expect(skipped).toContainText(
    'Ligne 2 : Le mois de juin 2025 est déclaré et terminé : ses séjours ne peuvent plus être modifiés.',
  );
  await expect(dialog.getByTestId('import-summary')).toContainText(
    '2 lignes prêtes à importer, 1 ligne écartée (mois terminé).',
  );
  // Chosen again, the same file keeps the column the host chose.
  await dialog.getByRole('button', { name: 'Retirer le fichier' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(file(lines));
  await expect(dialog.getByLabel('Prix HT', { exact: true })).toHaveValue('3');
  await expect(dialog.getByTestId('import-skipped')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importer 2 séjours' }).click();
  await expect(page.getByText('2 séjours importés. 1 ligne écartée (mois terminé).')).toBeVisible();
  await expect(page.getByTestId('register-count')).toContainText('2 séjours, 7 nuitées');

  // The next import of that spreadsheet, another month's lines: mapped as before.
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(file(['05/10/2025;07/10/2025;2;180,00']));
  await expect(dialog.getByLabel('Prix HT', { exact: true })).toHaveValue('3');
  await expect(dialog.getByRole('button', { name: 'Importer 1 séjour' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // A new stay's calendar opens on the month the register shows, the departure's on the arrival chosen.
  await page.getByRole('button', { name: 'Ajouter un séjour' }).click();
  await page.getByLabel('Date d’arrivée').click();
  await expect(page.locator('[data-dates-dropdown]:visible')).toContainText('septembre 2025');
  await page.getByLabel('Date d’arrivée').fill('14/11/2025');
  await page.getByLabel('Date de départ').click();
  // The arrival's calendar closes with a short transition: one calendar left, the departure's.
  await expect(page.locator('[data-dates-dropdown]:visible')).toHaveCount(1);
  await expect(page.locator('[data-dates-dropdown]:visible')).toContainText('novembre 2025');
});
