import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/** The State publishes next year's grid: a superadmin enters it, without a release of the product. */
test('a superadmin enters the next year’s legal bounds, started from the latest year', async ({ page }) => {
  await loginAs(page, 'superadmin');
  await page.goto('/pricings');
  await page.getByRole('link', { name: 'Limites légales' }).click();
  await expect(page.getByRole('heading', { name: 'Limites légales', level: 1 })).toBeVisible();
  await expect(page.getByTestId('bounds-2026')).toContainText('Fournie avec le produit');
  // The form starts from 2026's grid, for 2027.
  await expect(page.getByRole('textbox', { name: 'Année' })).toHaveValue('2027');
  const ceiling = page.getByRole('textbox', { name: 'Hôtels 3 étoiles et équivalents : maximum (€)' });
  await expect(ceiling).toHaveValue('1.7');
  await ceiling.fill('1,8');
  await page.getByRole('button', { name: 'Enregistrer les limites' }).click();
  await expect(page.getByText('Limites 2027 enregistrées.')).toBeVisible();
  await expect(page.getByTestId('bounds-2027')).toContainText('Saisie');
  await expect(page.getByTestId('bounds-2027')).toContainText('1,80 €');

  // A plain admin reads the years but cannot enter one.
  const login = await page.request.post('/api/users/login', {
    data: { username: ACCOUNTS.superadmin.username, password: ACCOUNTS.superadmin.password },
  });
  const token = (await login.json()).data as string;
  const removed = await page.request.delete('/api/pricings/bounds/2027', {
    headers: { Authorization: token },
  });
  expect(removed.status()).toBe(200);
  await loginAs(page, 'admin');
  await page.goto('/pricings/limites');
  await expect(page.getByTestId('bounds-2026')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer les limites' })).toHaveCount(0);
});
