import { readFileSync } from 'node:fs';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';
import { linkIn, mailboxMark, waitForMail } from './support/mailbox';

const NEW_PASSWORD = 'Mirabelles-de-Lorraine-2026';

test.describe('providers', () => {
  test('an admin creates a provider, who activates the account from the e-mail and gets the host side bar', async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Hébergeurs' })).toBeVisible();
    await page.getByRole('link', { name: 'Nouvel hébergeur' }).click();
    await expect(page).toHaveURL(/\/users\/new$/);

    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre');
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Agathe');
    await page.getByRole('textbox', { name: 'Société' }).fill('Chambres du Moulin');
    await page.getByRole('textbox', { name: 'Nom d’utilisateur' }).fill('agathe');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('agathe@moulin.test');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('5700');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Metz');
    const before = mailboxMark();
    await page.getByRole('button', { name: 'Créer et envoyer le lien d’activation' }).click();
    // The postal code is incomplete: refused on its field, nothing created.
    await expect(
      page.getByText('Veuillez modifier la valeur pour correspondre au format demandé.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/users\/new$/);
    await page.getByRole('textbox', { name: 'Code postal' }).fill('57000');
    await page.getByRole('button', { name: 'Créer et envoyer le lien d’activation' }).click();
    await expect(page.getByText('Hébergeur créé. Le lien d’activation lui a été envoyé.')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    // One state, one badge: a new account is waiting for its activation, not also "Actif".
    await expect(page.getByTestId('account-status')).toHaveCount(1);
    await expect(page.getByTestId('account-status')).toHaveText('En attente d’activation');

    const mail = await waitForMail('agathe@moulin.test', { after: before });
    const link = linkIn(mail, '/activate-account');

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(link);
    await visitor.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
    await visitor.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(visitor).toHaveURL(/\/home$/);
    await expect(visitor.getByTestId('footer-user')).toHaveText('agathe (hébergeur)');
    const nav = visitor.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Hébergeurs' })).toHaveCount(0);
    // A host who types an admin address is sent home.
    await visitor.goto('/users');
    await expect(visitor).toHaveURL(/\/home$/);
    await context.close();

    await page.reload();
    await expect(page.getByTestId('account-status')).toHaveText('Actif');
  });

  test('an admin archives a provider, finds them in the archives, and restores them', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/users?q=henri');
    await page.getByRole('link', { name: /Dupont/ }).click();
    await expect(page.getByRole('heading', { name: /Hébergeur Henri Dupont/ })).toBeVisible();
    await page.getByRole('button', { name: 'Archiver' }).click();
    await expect(page.getByText('Hébergeur archivé.')).toBeVisible();
    await expect(page.getByText('Archivé', { exact: true })).toBeVisible();

    const refused = await page.request.post('/api/users/login', {
      data: { username: ACCOUNTS.host.username, password: ACCOUNTS.host.password },
    });
    expect((await refused.json()).code).toBe('account_disabled');

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Archives' })
      .click();
    await expect(page.getByRole('link', { name: /Dupont/ })).toBeVisible();
    await page.getByRole('link', { name: /Dupont/ }).click();
    await page.getByRole('button', { name: 'Restaurer' }).click();
    await expect(page.getByText('Hébergeur restauré.')).toBeVisible();
    const back = await page.request.post('/api/users/login', {
      data: { username: ACCOUNTS.host.username, password: ACCOUNTS.host.password },
    });
    expect(back.status()).toBe(200);
  });

  test('the list exports to CSV with a BOM, commas and French values', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('link', { name: /Dupont/ })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hebergeurs.csv');
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
    expect(lines[0]).toBe('Nom,Société,E-mail,Téléphone,Ville,Activé,Créé le');
    expect(
      lines.some(
        (line) =>
          line.startsWith('Dupont Henri,') && line.includes('henri@sejour.test') && line.includes(',Oui,'),
      ),
    ).toBe(true);
  });
});

test.describe('administrators', () => {
  test('a plain admin reads the admins but sees no management action', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admins');
    await expect(page.getByRole('heading', { name: 'Administrateurs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'super', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nouvel administrateur' })).toHaveCount(0);
    await page.getByRole('link', { name: 'super', exact: true }).click();
    await expect(
      page.getByText('Seul un super-administrateur peut modifier les administrateurs.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await page.goto('/admins/new');
    await expect(page).toHaveURL(/\/admins$/);
  });

  test('a superadmin creates an admin and cannot delete their own account', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admins');
    await page.getByRole('link', { name: 'Nouvel administrateur' }).click();
    await page.getByRole('textbox', { name: 'Nom d’utilisateur' }).fill('bernard');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('bernard@sejour.test');
    await page.getByRole('button', { name: 'Créer et envoyer le lien d’activation' }).click();
    await expect(page.getByText('Administrateur créé. Le lien d’activation lui a été envoyé.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer' })).toBeVisible();

    await page.goto('/admins');
    await page.getByRole('link', { name: 'super', exact: true }).click();
    await expect(page.getByText('C’est votre compte', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  });
});
