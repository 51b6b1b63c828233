import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * A host asks to change their establishment's capacity (« Demander une modification »); an admin, told on Home,
 * accepts it, and the establishment has the new capacity. The establishment is removed at the end (its
 * requests with it); its name is unique to the run.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
let adminToken = '';
let establishmentId = 0;

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  const users = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const henri = (await users.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  const created = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: {
      name: `Gîte des Demandes ${run}`,
      type: 'HOTEL_3',
      userId: henri.id,
      capacityMaxRoom: 3,
      capacityMaxPerson: 6,
    },
  });
  establishmentId = (await created.json()).data.id;
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
});

test('a host asks for a new capacity; an admin accepts it from Home', async ({ page }) => {
  // Two sessions and a dozen steps on a shared machine.
  test.setTimeout(90_000);
  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}`);
  const ask = page.getByRole('form', { name: 'Demander une modification' });
  await ask.getByRole('textbox', { name: 'Que souhaitez-vous modifier ?', exact: true }).click();
  await page.getByRole('option', { name: 'Capacité d’accueil', exact: true }).click();
  await ask.getByRole('textbox', { name: 'Nombre de chambres', exact: true }).fill('5');
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Votre demande a été envoyée à la collectivité.')).toBeVisible();
  const mine = page.getByTestId('change-request');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('En attente');
  await expect(mine).toContainText('Nombre de chambres : 5');

  await loginAs(page, 'admin');
  await expect(page.getByTestId('pending-change-requests')).toBeVisible();
  await page.getByRole('link', { name: 'Voir les demandes' }).click();
  await expect(page).toHaveURL(/\/change-requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes de modification' })).toBeVisible();
  const request = page
    .getByRole('region', { name: 'En attente' })
    .getByTestId('change-request')
    .filter({ hasText: `Gîte des Demandes ${run}` });
  await request.getByRole('button', { name: 'Accepter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accepter' }).click();
  await expect(page.getByText('La demande a été acceptée.')).toBeVisible();

  const after = await page.request.get(`/api/establishments/${establishmentId}`, auth(adminToken));
  expect((await after.json()).data).toMatchObject({ capacityMaxRoom: 5, capacityMaxPerson: 6 });
});
