import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LIFECYCLE_ACCOUNTS } from './support/accounts';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';
import { linkIn, mailboxMark, waitForMail } from './support/mailbox';

const CHOSEN = 'Quetsches-et-mirabelles-2026';

async function expectNoSeriousA11yViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function apiLogin(page: Page, username: string, password: string) {
  const response = await page.request.post('/api/users/login', { data: { username, password } });
  return { status: response.status(), body: await response.json() };
}

test.describe('account activation by e-mail', () => {
  test('an admin sends the link; the user chooses a password with the meter and lands on Home', async ({
    page,
  }) => {
    const { pending } = LIFECYCLE_ACCOUNTS;
    const admin = await apiLogin(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const before = mailboxMark();
    const asked = await page.request.post(`/api/users/${process.env.E2E_PENDING_USER_ID}/ask-activation`, {
      headers: { authorization: admin.body.data },
      data: {},
    });
    expect(asked.status()).toBe(200);

    const mail = await waitForMail(pending.email, { after: before, subject: /^Activez votre compte/ });
    expect(mail.text).toContain('Bonjour Paulette,');
    expect(mail.text).toContain(`Votre identifiant : ${pending.username}`);
    const link = linkIn(mail, '/activate-account');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Activer mon compte' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Identifiant' })).toHaveValue(pending.username);
    await expectNoSeriousA11yViolation(page);

    const password = page.getByRole('textbox', { name: 'Mot de passe', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirmer le mot de passe' });
    const meter = page.getByTestId('password-strength');

    // A weak password: the meter says so, in French, and the form refuses it.
    await password.fill('soleil2026');
    await expect(meter).toContainText('Robustesse : faible.');
    await expect(meter).toContainText(/Ce mot de passe serait deviné en .+ au plus\./);
    await confirm.fill('soleil2026');
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(page.getByText(/^Ce mot de passe est trop facile à deviner\./).first()).toBeVisible();

    // A strong one, confirmed wrongly, then rightly.
    await password.fill(CHOSEN);
    await expect(meter).toContainText('Robustesse : excellente.');
    await confirm.fill(`${CHOSEN}!`);
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    await confirm.fill(CHOSEN);
    await page.getByRole('button', { name: 'Activer mon compte' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Votre compte est activé : bienvenue !')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Bonjour ${pending.username}` })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tokendata') ?? 'null'));
    expect(stored.user).toMatchObject({ username: pending.username, role: 'host' });
    expect((await apiLogin(page, pending.username, CHOSEN)).status).toBe(200);

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Activer mon compte' })).toBeVisible();
    await password.fill('Une-autre-phrase-secrete-9');
    await confirm.fill('Une-autre-phrase-secrete-9');
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Lien déjà utilisé' })).toBeVisible();
    await expectNoSeriousA11yViolation(page);
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await expect(page).toHaveURL(/\/ask-reset-password$/);
  });
});

test.describe('password reset by e-mail', () => {
  test('forgot my password → e-mail → new password twice → Home; the old password stops working', async ({
    page,
  }) => {
    const { forgetful } = LIFECYCLE_ACCOUNTS;
    const before = mailboxMark();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié' }).click();
    await expect(page).toHaveURL(/\/ask-reset-password$/);
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    await expectNoSeriousA11yViolation(page);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByText('Veuillez compléter ce champ.')).toBeVisible();
    await page.getByLabel('Identifiant ou adresse e-mail').fill(forgetful.email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByRole('heading', { name: 'Consultez votre messagerie' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Si un compte correspond à « ${forgetful.email} »`);

    const mail = await waitForMail(forgetful.email, { after: before, subject: /^Réinitialisation/ });
    expect(mail.text).toContain('Bonjour Rosalie,');
    expect(mail.text).toContain('valable 1 heure');
    const link = linkIn(mail, '/reset-password');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(CHOSEN);
    await expect(page.getByTestId('password-strength')).toContainText('Robustesse : excellente.');
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(CHOSEN);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Votre nouveau mot de passe est enregistré.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Bonjour ${forgetful.username}` })).toBeVisible();
    expect((await apiLogin(page, forgetful.username, forgetful.password)).body.code).toBe(
      'invalid_credentials',
    );
    expect((await apiLogin(page, forgetful.username, CHOSEN)).status).toBe(200);
  });

  test('an unknown account gets the same answer', async ({ page }) => {
    await page.goto('/ask-reset-password');
    await page.getByLabel('Identifiant ou adresse e-mail').fill('personne@nulle-part.test');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByRole('heading', { name: 'Consultez votre messagerie' })).toBeVisible();
  });
});

test.describe('broken links', () => {
  /** A token as the server would sign it, with a payload of our choice and no valid signature. */
  function fakeLinkToken(payload: object) {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
  }

  test('an expired link shows a clear French page with a way to ask for a new one', async ({ page }) => {
    const token = fakeLinkToken({
      user: { id: 1, username: 'rosalie', role: 'host' },
      ver: 0,
      purpose: 'reset',
      jti: 'x',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Lien expiré' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a link whose signature is wrong is refused by the server, and the page says so', async ({ page }) => {
    const token = fakeLinkToken({
      user: { id: 1, username: 'rosalie', role: 'host' },
      ver: 0,
      purpose: 'reset',
      jti: 'x',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    await page.goto(`/reset-password?token=${token}`);
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(CHOSEN);
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(CHOSEN);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('heading', { name: 'Lien non valable' })).toBeVisible();
  });

  test('a garbled link, or none, is not valid', async ({ page }) => {
    await page.goto('/activate-account?token=not-a-token');
    await expect(page.getByRole('heading', { name: 'Lien non valable' })).toBeVisible();
    await page.goto('/activate-account');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the same policy on the account page', () => {
  test('changing one’s password shows the meter and refuses a common password', async ({ page }) => {
    await loginAs(page, 'host');
    await page.goto('/account');
    await page.getByLabel('Mot de passe actuel').fill(ACCOUNTS.host.password);
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('motdepasse');
    await expect(page.getByTestId('password-strength')).toContainText('Robustesse : faible.');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('motdepasse');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(
      page
        .getByText('Ce mot de passe fait partie des mots de passe les plus courants', { exact: false })
        .first(),
    ).toBeVisible();
    expect((await apiLogin(page, ACCOUNTS.host.username, ACCOUNTS.host.password)).status).toBe(200);
  });
});
