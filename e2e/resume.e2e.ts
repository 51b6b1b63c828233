import type { APIRequestContext, Download } from '@playwright/test';
import { csvEuros, formatEuros } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * The 2026 first semester: henri declares January and February of a hotel; an admin sees the totals and downloads
 * henri's notice and the CSV; henri downloads his own notice. What the test creates is removed at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
let adminToken = '';
let createdPricing: number | null = null;
let establishmentId = 0;
/** What henri owes for the semester: 50 person-nights at the HOTEL_3 total of the pricing in force. */
let semesterCents = 0;

async function tokenOf(request: APIRequestContext, who: 'admin' | 'host') {
  const account = ACCOUNTS[who];
  const login = await request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  return (await login.json()).data as string;
}

async function text(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, 'admin');
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
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
});

test('an admin opens the 2026 first semester, sees the totals, downloads a notice and the CSV', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Résumé' })
    .click();
  await page.goto('/resume?year=2026&semester=1');
  const table = page.getByRole('table', { name: 'Résumé' });
  await expect(table.getByRole('row', { name: /Hôtel des Remparts/ })).toContainText(
    formatEuros(semesterCents),
  );
  await expect(table.getByRole('row', { name: /Total général/ })).toBeVisible();

  const notice = page.waitForEvent('download');
  await page.getByRole('button', { name: /Avis \(PDF\) Henri/ }).click();
  const pdf = await notice;
  expect(pdf.suggestedFilename()).toBe('avis-2026-S1.pdf');
  expect((await text(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await csv;
  const content = (await text(file)).toString('utf8');
  expect(content.startsWith('\uFEFFRéférence de paiement,')).toBe(true);
  expect(content).toContain('Hôtel des Remparts');
  expect(content).toContain(csvEuros(semesterCents));
});

test('the host downloads their own notice from Mes avis', async ({ page }) => {
  await loginAs(page, 'host');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mes avis' })
    .click();
  await page.goto('/resume?year=2026&semester=1');
  await expect(page.getByRole('table', { name: 'Résumé' })).toContainText('Hôtel des Remparts');
  const notice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mon avis' }).click();
  const pdf = await notice;
  expect((await text(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
