import { ONBOARDING_COLUMN_LABELS, ONBOARDING_COLUMNS, type OnboardingColumn } from '@sejour/domain';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

/**
 * An admin onboards providers from a French Excel CSV: a provider with two establishments, a provider alone,
 * and a line whose SIRET is wrong. The simulation says what would be created and writes nothing; the import
 * creates it and reports the refused line by its number; the invitations go out only when asked; the same
 * file imported again creates nothing.
 */
const stamp = Date.now().toString(36);
const alice = `alice.${stamp}@exemple.fr`;
const bruno = `bruno.${stamp}@exemple.fr`;
const numero = `57463${String(Date.now() % 1_000_000).padStart(6, '0')}OB`;
const auth = (token: string) => ({ headers: { Authorization: token } });

function csv(): Buffer {
  const columns: OnboardingColumn[] = [
    'siret',
    'company',
    'lastname',
    'firstname',
    'email',
    'phone',
    'name',
    'numero',
  ];
  const rows: Array<Partial<Record<OnboardingColumn, string>>> = [
    {
      siret: '732 829 320 00074',
      company: 'SARL Les Quetsches',
      lastname: 'Arnould',
      firstname: 'Alice',
      email: alice,
      phone: '03 87 12 34 56',
      name: 'Gîte des Quetsches',
      numero,
    },
    {
      siret: '732 829 320 00074',
      company: 'SARL Les Quetsches',
      lastname: 'Arnould',
      firstname: 'Alice',
      email: alice,
      name: 'Hôtel de la Place',
    },
    { lastname: 'Bertin', firstname: 'Bruno', email: bruno, phone: '06 12 34 56 78' },
    {
      siret: '732 829 320 00075',
      lastname: 'Collin',
      firstname: 'Cécile',
      email: `cecile.${stamp}@exemple.fr`,
      name: 'Chez Cécile',
    },
  ];
  const lines = [
    columns.map((c) => ONBOARDING_COLUMN_LABELS[c]).join(';'),
    ...rows.map((row) => columns.map((c) => row[c] ?? '').join(';')),
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

test.afterAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  const token = (await login.json()).data;
  for (const email of [alice, bruno]) {
    const found = await request.get(`/api/users?q=${encodeURIComponent(email)}`, auth(token));
    for (const user of (await found.json()).data as Array<{ id: number; email: string }>)
      if (user.email === email) await request.delete(`/api/users/${user.id}`, auth(token));
  }
});

test('an admin imports providers and establishments from a CSV, then sends the invitations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/users');
  await page.getByRole('link', { name: 'Importer depuis un fichier' }).click();
  await expect(page.getByRole('heading', { name: 'Import des hébergeurs et établissements' })).toBeVisible();
  // The template lists every column it recognises.
  await expect(page.getByTestId('onboarding-columns')).toContainText(ONBOARDING_COLUMN_LABELS.siret);
  expect(ONBOARDING_COLUMNS).toContain('numero');

  const choose = () =>
    page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'hebergeurs.csv', mimeType: 'text/csv', buffer: csv() });
  await choose();
  await expect(page.getByTestId('onboarding-summary')).toContainText(
    '4 lignes lues, 3 lignes correctes, 1 ligne refusée.',
  );
  await expect(page.getByTestId('onboarding-refused')).toContainText(
    'Ligne 5 : SIRET : Ce numéro SIRET n’est pas valide : vérifiez ses chiffres.',
  );
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('4');

  await page.getByRole('button', { name: 'Simulation' }).click();
  const report = page.getByTestId('onboarding-report');
  await expect(report).toContainText('Résultat de la simulation (rien n’a été enregistré)');
  await expect(report).toContainText('2 hébergeurs seraient créés');
  await expect(report).toContainText('2 établissements seraient créés');
  const none = await page.request.get(`/api/users?q=${encodeURIComponent(alice)}`, auth(await token(page)));
  expect((await none.json()).data).toEqual([]);

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(report).toContainText('Résultat de l’import');
  await expect(report).toContainText('2 hébergeurs créés');
  await expect(report).toContainText('2 établissements créés');
  const created = await page.request.get(
    `/api/users?q=${encodeURIComponent(alice)}`,
    auth(await token(page)),
  );
  expect((await created.json()).data).toMatchObject([
    { email: alice, phone: '+33387123456', activated: false },
  ]);
  await expect(page.getByTestId('onboarding-report-refused')).toContainText(
    'Ligne 5 : SIRET : Ce numéro SIRET n’est pas valide : vérifiez ses chiffres.',
  );
  await expect(page.getByRole('cell', { name: /établissement : Créé/ }).first()).toBeVisible();

  const invitations = page.getByTestId('onboarding-invitations');
  await expect(invitations).toContainText('2 hébergeurs créés n’ont pas encore reçu leur lien d’activation.');
  await invitations.getByRole('button', { name: 'Envoyer les invitations' }).click();
  await expect(invitations).toContainText('2 invitations mises en file d’envoi.');
  await waitForMail(alice);
  await waitForMail(bruno);

  // The same file again: everything is recognised, nothing is created twice.
  await choose();
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(report).toContainText('0 hébergeur créé');
  await expect(report).toContainText('3 lignes déjà présentes');
  await expect(page.getByRole('cell', { name: /reconnu par son SIRET/ }).first()).toBeVisible();
  await expect(page.getByTestId('onboarding-invitations')).toHaveCount(0);
});

async function token(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}
