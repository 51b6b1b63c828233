import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS, type AccountName } from './accounts';

/** Logs in through the API and hands the token to the page, as the login screen would. */
export async function loginAs(page: Page, who: AccountName): Promise<string> {
  const account = ACCOUNTS[who];
  const response = await page.request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  const body = await response.json();
  if (!body.success) throw new Error(`login as ${who} failed: ${JSON.stringify(body)}`);
  await page.goto(`/home?token=${encodeURIComponent(body.data)}`);
  // The app stores the link's token once its scripts have run, which can be after the page's load event.
  await page.waitForFunction((token) => localStorage.getItem('token') === token, body.data);
  return body.data;
}

/** Logs in through the login screen. */
export async function loginThroughForm(page: Page, who: AccountName) {
  const account = ACCOUNTS[who];
  await page.goto('/login');
  await page.getByLabel('Identifiant ou adresse e-mail').fill(account.username);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export const test = base;
export { ACCOUNTS, expect };
