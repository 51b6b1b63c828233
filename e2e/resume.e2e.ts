import type { APIRequestContext, Download } from '@playwright/test';
import {
  csvEuros,
  dueDateWording,
  formatEuros,
  isoDateIn,
  isProvisionalNotice,
  noticeDueDate,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { pdfPages } from '../apps/server/test/helpers/pdf-text';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * The 2026 first semester: henri declares January and February of a hotel; an admin picks the semester, sees the
 * totals and downloads henri's notice and the CSV; an admin renames the collectivity and the notice shows it;
 * henri finds the semester in his list and downloads his own notice. What the test creates or changes is undone
 * at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let createdPricing: number | null = null;
let establishmentId = 0;
/** What henri owes for the semester: 50 person-nights at the HOTEL_3 total of the pricing in force. */
let semesterCents = 0;
/** The collectivity's settings before the test renames it. */
let savedSettings: unknown = null;

async function tokenOf(request: APIRequestContext, who: 'admin' | 'host') {
  const account = ACCOUNTS[who];
  const login = await request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  return (await login.json()).data as string;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, 'admin');
  savedSettings = (await (await request.get('/api/settings/collectivity', auth(adminToken))).json()).data;
  const hostToken = await tokenOf(request, 'host');
  const covering = await request.get('/api/pricings/in-force?year=2026&month=1', auth(adminToken));
  if (covering.status() === 200) {
    semesterCents = 50 * (await covering.json()).data.rows.HOTEL_3.total;
  } else {
    const pricing = await request.post('/api/pricings', {
      ...auth(adminToken),
      data: lawfulPricingPayload(),
    });
    expect(pricing.status(), await pricing.text()).toBe(201);
    createdPricing = (await pricing.json()).data.id;
    semesterCents = 50 * (await pricing.json()).data.rows.HOTEL_3.total;
  }
  const users = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const henri = (await users.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  const establishment = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: { name: 'Hôtel des Remparts', type: 'HOTEL_3', capacityMaxPerson: 40, userId: henri.id },
  });
  establishmentId = (await establishment.json()).data.id;
  // January: 20 person-nights, February: 30.
  for (const [month, nightsCount] of [
    [1, 20],
    [2, 30],
  ] as const) {
    const created = await request.post('/api/declarations', {
      ...auth(hostToken),
      data: { establishmentId, year: 2026, month, nightsCount },
    });
    expect(created.status(), await created.text()).toBe(201);
    await request.post(`/api/declarations/${(await created.json()).data.id}/done`, {
      ...auth(hostToken),
      data: {},
    });
  }
});

test.afterAll(async ({ request }) => {
  if (savedSettings) {
    await request.put('/api/settings/collectivity', { ...auth(adminToken), data: savedSettings });
  }
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
});

test('an admin picks the 2026 first semester, sees the totals, downloads a notice and the CSV', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Résumé' })
    .click();
  await expect(page).toHaveURL(/\/resume$/);
  // The pickers write the semester into the address: another one first, then the one under test.
  await page.getByLabel('Semestre').selectOption({ label: '2e semestre (juillet – décembre)' });
  await expect(page).toHaveURL(/[?&]semester=2\b/);
  await page.getByLabel('Année').selectOption('2025');
  await expect(page).toHaveURL(/[?&]year=2025\b/);
  await page.getByLabel('Année').selectOption('2026');
  await page.getByLabel('Semestre').selectOption({ label: '1er semestre (janvier – juin)' });
  await expect(page).toHaveURL(/\/resume\?year=2026&semester=1$/);

  const table = page.getByRole('table', { name: 'Résumé' });
  const row = table.getByRole('row', { name: /Hôtel des Remparts/ });
  await expect(row).toContainText(formatEuros(semesterCents));
  await expect(table.getByRole('row', { name: /Total général/ })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Hôtel des Remparts' })).toHaveAttribute(
    'href',
    `/declarations?establishmentId=${establishmentId}&year=2026&semester=1`,
  );
  await expect(table.getByRole('link', { name: /^Henri/ }).first()).toHaveAttribute('href', /^\/users\/\d+$/);

  const notice = page.waitForEvent('download');
  await page.getByRole('button', { name: /Avis \(PDF\) Henri/ }).click();
  const pdf = await notice;
  // One provider's notice is named after them, never like the whole semester's.
  expect(pdf.suggestedFilename()).toBe('avis-2026-S1-henri-dupont.pdf');
  const noticeText = (await pdfPages(await bytesOf(pdf))).join(' ').replace(/\s/g, ' ');
  expect(noticeText).toContain('Hôtel des Remparts');
  const amount = isProvisionalNotice(2026, 1, isoDateIn(new Date()))
    ? 'Montant provisoire à payer'
    : 'Montant à payer';
  expect(noticeText).toContain(`${amount} : ${formatEuros(semesterCents).replace(/\s/g, ' ')}`);

  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tous les avis (PDF)' }).click();
  expect((await all).suggestedFilename()).toBe('avis-2026-S1-tous.pdf');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await csv;
  const content = (await bytesOf(file)).toString('utf8');
  expect(content.startsWith('\uFEFFRéférence de paiement;')).toBe(true);
  expect(content).toContain('Hôtel des Remparts');
  expect(content).toContain(csvEuros(semesterCents));

  // The reversements: what was collected for the département, with their own file.
  await page.getByRole('tab', { name: 'Reversements' }).click();
  await expect(page).toHaveURL(/[?&]view=reversements\b/);
  const reversements = page.getByRole('table', { name: 'Reversements' });
  await expect(
    reversements.getByRole('row', { name: /Taxe additionnelle départementale.*Département/ }),
  ).toBeVisible();
  await expect(reversements.getByRole('row', { name: /Total à reverser/ })).toBeVisible();
  const reversementsCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV des reversements' }).click();
  expect((await reversementsCsv).suggestedFilename()).toBe('reversements-2026-S1.csv');
});

test('an admin renames the collectivity in the settings and the notice shows the new name', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Résumé' })
    .click();
  await page.getByRole('link', { name: 'Paramètres des avis' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  const name = page.getByLabel('Nom de la collectivité');
  await expect(name).not.toHaveValue('');
  await name.fill('Communauté de communes du Saulnois');
  await page.getByLabel('Délai de paiement (jours)').fill('45');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les paramètres ont été enregistrés.')).toBeVisible();

  await page.getByRole('link', { name: 'Retour au résumé' }).click();
  await page.getByLabel('Année').selectOption('2026');
  await page.getByLabel('Semestre').selectOption({ label: '1er semestre (janvier – juin)' });
  // The same words on screen and on paper; the delay counts from today when the semester's deadline is past.
  const due = dueDateWording(
    noticeDueDate({ year: 2026, semester: 1, issuedOn: isoDateIn(new Date()), dueDays: 45 }),
  );
  await expect(page.getByText(due)).toBeVisible();
  const notice = page.waitForEvent('download');
  await page.getByRole('button', { name: /Avis \(PDF\) Henri/ }).click();
  const text = (await pdfPages(await bytesOf(await notice))).join(' ').replace(/\s/g, ' ');
  expect(text).toContain('Communauté de communes du Saulnois');
  expect(text).toContain(due.replace(/\s/g, ' '));
});

test('the host finds the semester in Mes avis and downloads their own notice', async ({ page }) => {
  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}`);
  await page.getByRole('main').getByRole('link', { name: 'Mes avis' }).click();
  const semesters = page.getByRole('table', { name: 'Mes semestres' });
  const row = semesters.getByRole('row', { name: /1er semestre \(janvier – juin\) 2026/ });
  await expect(row).toContainText(formatEuros(semesterCents));
  const fromList = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Télécharger l’avis du 1er semestre (janvier – juin) 2026' }).click();
  const listed = (await pdfPages(await bytesOf(await fromList))).join(' ');
  expect(listed).toContain('Hôtel des Remparts');
  expect(listed).toContain('1er semestre (janvier – juin) 2026');

  await expect(row).toContainText('À payer au plus tard le');

  await row.getByRole('link', { name: '1er semestre (janvier – juin) 2026' }).click();
  await expect(page).toHaveURL(/\/resume\?year=2026&semester=1$/);
  const detail = page.getByRole('table', { name: 'Résumé' });
  await expect(detail).toContainText('Hôtel des Remparts');
  // The person-nights add up on screen as on the PDF: all = exempted + via platforms + taxable.
  await expect(detail.getByRole('columnheader')).toContainText([
    'Nuitées',
    'Nuitées exonérées',
    'Nuitées via plateformes',
    'Nuitées taxables',
    'Part intercommunale',
  ]);
  const notice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mon avis' }).click();
  const pdf = await notice;
  expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
