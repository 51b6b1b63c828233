import { ACCOUNTS, expect, loginAs, loginThroughForm, test } from './support/fixtures';

test.describe('login and logout', () => {
  test('an admin logs in through the form, sees the shell, and logs out', async ({ page }) => {
    await loginThroughForm(page, 'admin');
    await expect(page).toHaveTitle('Taxe de séjour');
    await expect(page.getByRole('heading', { name: `Bonjour ${ACCOUNTS.admin.username}` })).toBeVisible();
    await expect(page.getByTestId('footer-user')).toHaveText('claire (administrateur)');
    await expect(page.getByText('Version 1.1.0')).toBeVisible();

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('tokendata')]),
    ).toEqual([null, null]);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the French refusal and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByLabel('Identifiant ou adresse e-mail').fill('claire');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields get the spec’s required message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez compléter ce champ.')).toHaveCount(2);
  });
});

test.describe('route guard', () => {
  test('an anonymous visitor is sent to Login, then back where they wanted to go', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Identifiant ou adresse e-mail').fill(ACCOUNTS.host.username);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(ACCOUNTS.host.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('the root redirects to home', async ({ page }) => {
    await loginAs(page, 'host');
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a token in the link becomes the session', async ({ page }) => {
    const response = await page.request.post('/api/users/login', {
      data: { username: ACCOUNTS.host.username, password: ACCOUNTS.host.password },
    });
    const token = (await response.json()).data as string;
    await page.goto(`/account?token=${token}&from=mail`);
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    // Once read, the token leaves the address bar and the history entry; the rest of the address stays.
    await expect(page).toHaveURL(/\/account\?from=mail$/);
    await page.goto('/home');
    await page.goBack();
    await expect(page).toHaveURL(/\/account\?from=mail$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      data: JSON.parse(localStorage.getItem('tokendata') ?? 'null'),
    }));
    expect(stored.token).toBe(token);
    expect(stored.data.user).toMatchObject({ username: 'henri', role: 'host' });
    expect(typeof stored.data.exp).toBe('number');
  });

  test('a link with another person’s session asks before switching, and keeps the open one unless confirmed', async ({
    page,
  }) => {
    await loginAs(page, 'host');
    const response = await page.request.post('/api/users/login', {
      data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
    });
    const adminToken = (await response.json()).data as string;
    const hostToken = await page.evaluate(() => localStorage.getItem('token'));
    const question = `Vous êtes connecté en tant que ${ACCOUNTS.host.username}. Continuer en tant que ${ACCOUNTS.admin.username} ?`;

    await page.goto(`/account?token=${adminToken}`);
    await expect(page.getByText(question)).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(hostToken);
    await page.getByRole('button', { name: `Rester connecté en tant que ${ACCOUNTS.host.username}` }).click();
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(hostToken);
    // A reload finds no token in the address: nothing is asked again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    await expect(page.getByText(question)).toHaveCount(0);

    await page.goto(`/account?token=${adminToken}`);
    await page.getByRole('button', { name: `Continuer en tant que ${ACCOUNTS.admin.username}` }).click();
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(adminToken);
    await expect(page).toHaveURL(/\/account$/);
  });

  test('an expired session is treated as logged out', async ({ page }) => {
    await loginAs(page, 'host');
    await page.evaluate(() => {
      const data = JSON.parse(localStorage.getItem('tokendata') ?? '{}');
      localStorage.setItem('tokendata', JSON.stringify({ ...data, exp: Math.floor(Date.now() / 1000) - 10 }));
    });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a revoked token logs the user out at the next call', async ({ page }) => {
    await loginAs(page, 'host');
    // Off the login link: while its ?token= is in the address, any reload of the route data would store it again.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const data = localStorage.getItem('token') ?? '';
      // Same payload, broken signature: the server answers token_invalid.
      localStorage.setItem('token', `${data.slice(0, -4)}AAAA`);
    });
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page, whose Back button returns', async ({ page }) => {
    await loginAs(page, 'host');
    await page.goto('/account');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('logged out, an unknown path shows the 404 page too, not the login form', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('logged out, a known screen still asks to log in', async ({ page }) => {
    await page.goto('/users/12');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('unknown API paths answer the JSON envelope, not the web app', async ({ page }) => {
    const response = await page.request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

test.describe('a screen that fails', () => {
  test('a screen whose code does not download shows its error inside the shell, which still leads elsewhere', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await expect(page.getByRole('heading', { name: `Bonjour ${ACCOUNTS.admin.username}` })).toBeVisible();
    await page.route(/\/assets\/AccountPage-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Mon compte' }).first().click();
    await expect(page.getByRole('heading', { name: 'Cette page n’a pas pu s’afficher' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Accueil' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Bonjour ${ACCOUNTS.admin.username}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cette page n’a pas pu s’afficher' })).toHaveCount(0);
  });
});

test.describe('side bar', () => {
  const adminEntries = [
    'Administrateurs',
    'Hébergeurs',
    'Archives',
    'Établissements',
    /^Demandes d’inscription/,
    'Déclarations',
    'Tarifs',
    'Résumé',
    'Paramètres',
    'Journal',
  ];

  test('admins get the administration entries, in order', async ({ page }) => {
    await loginAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('button', { name: 'Précédent' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Accueil', ...adminEntries]);
  });

  test('no entry leads to the not-found page', async ({ page }) => {
    await loginAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    const targets = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(targets.length).toBeGreaterThan(1);
    for (const target of targets) {
      await page.goto(target ?? '');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page, `${target}`).not.toHaveURL(/\/404$/);
    }
  });

  test('hosts do not', async ({ page }) => {
    await loginAs(page, 'host');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Accueil' })).toBeVisible();
    for (const name of adminEntries) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    // The host's side bar: Previous, Home and their own establishments, nothing else ("Mes avis" is linked
    // from Home and each establishment's screen).
    await expect(nav.getByRole('link', { name: 'Mes avis' })).toHaveCount(0);
    const targets = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(targets[0]).toBe('/home');
    for (const target of targets.slice(1)) expect(target).toMatch(/^\/establishments\/\d+$/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Mes avis' })).toHaveAttribute(
      'href',
      '/resume',
    );
    await expect(page.getByTestId('footer-user')).toHaveText('henri (hébergeur)');
  });

  test('Précédent goes back in the browser history', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByRole('link', { name: 'Mon compte' }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(page).toHaveURL(/\/home/);
  });
});

test.describe('narrow screens (≤ 600 px)', () => {
  test('the side bar collapses behind a menu button and labels shorten', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await loginAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav).toBeHidden();
    await expect(page.getByRole('link', { name: 'Compte', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Tarifs' }).click();
    await expect(nav).toBeHidden();
  });

  test('at 601 px the label is long; the side bar stays collapsed up to 800 px (200 % zoom)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 601, height: 800 });
    await loginAs(page, 'admin');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mon compte' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
    await page.setViewportSize({ width: 801, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
  });
});

test.describe('account', () => {
  test('a user changes their password; the old one stops working', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/account');
    await page.getByLabel('Mot de passe actuel').fill(ACCOUNTS.superadmin.password);
    await page
      .getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })
      .fill('Another-Secret-2027');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('Another-Secret-2027');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été changé.', { exact: false })).toBeVisible();
    // Still logged in with the fresh token.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();

    const old = await page.request.post('/api/users/login', {
      data: { username: ACCOUNTS.superadmin.username, password: ACCOUNTS.superadmin.password },
    });
    expect((await old.json()).code).toBe('invalid_credentials');
    // Put it back for the other tests.
    await page.getByLabel('Mot de passe actuel').fill('Another-Secret-2027');
    await page
      .getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })
      .fill(ACCOUNTS.superadmin.password);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(ACCOUNTS.superadmin.password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été changé.', { exact: false }).first()).toBeVisible();
  });

  test('two different new passwords are refused in French', async ({ page }) => {
    await loginAs(page, 'host');
    await page.goto('/account');
    await page.getByLabel('Mot de passe actuel').fill(ACCOUNTS.host.password);
    await page
      .getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })
      .fill('Another-Secret-2027');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('Another-Secret-2028');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
  });

  test('a taken username is refused on its field', async ({ page }) => {
    await loginAs(page, 'host');
    await page.goto('/account');
    const username = page.getByLabel('Nom d’utilisateur');
    await expect(username).toHaveValue('henri');
    await username.fill('Claire');
    await page
      .getByRole('region', { name: 'Identifiant et adresse e-mail' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await expect(page.getByText('Ce nom d’utilisateur est déjà utilisé.')).toBeVisible();
  });
});
