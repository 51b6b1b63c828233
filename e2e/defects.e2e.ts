import type { Locator, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/** Defects found trying the product as a new user would, each checked where a person meets it. */

function row(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (color: string) => {
    const [r, g, bl] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/**
 * Focuses a control from the keyboard (so that `:focus-visible` applies) and checks its focus ring: 2 px at
 * least, and 3:1 against what lies around the control (the first ancestor with a background).
 */
async function expectVisibleFocusRing(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
  const { outline, background, width, style } = await control.evaluate((el) => {
    const own = getComputedStyle(el);
    let bg = 'rgb(255, 255, 255)';
    for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (!color.startsWith('rgba(0, 0, 0, 0)') && color !== 'transparent') {
        bg = color;
        break;
      }
    }
    return {
      outline: own.outlineColor,
      background: bg,
      width: Number.parseFloat(own.outlineWidth),
      style: own.outlineStyle,
    };
  });
  expect(style).not.toBe('none');
  expect(width).toBeGreaterThanOrEqual(2);
  expect(contrast(outline, background)).toBeGreaterThanOrEqual(3);
}

/**
 * A 2026 pricing for the duration of a test, deleted at its end: the other browser tests find the
 * database as the global setup left it.
 */
async function withPricing(page: Page, run: (id: number) => Promise<void>) {
  const token = await loginAs(page, 'admin');
  const headers = { authorization: token };
  const created = await page.request.post('/api/pricings', { headers, data: lawfulPricingPayload() });
  const id = (await created.json()).data.id as number;
  try {
    await run(id);
  } finally {
    await page.request.delete(`/api/pricings/${id}`, { headers });
  }
}

test.describe('defects', () => {
  test('a taken username submitted with Enter right after typing keeps the refusal; a quick fix is sent', async ({
    page,
  }) => {
    // The page's timers are held, so that the check debounced from the typing fires only after the server's
    // answer, whatever the speed of the server.
    await page.clock.install();
    await loginAs(page, 'host');
    await page.goto('/account');
    const username = page.getByLabel('Nom d’utilisateur');
    await expect(username).toHaveValue('henri');
    await page.clock.pauseAt(Date.now() + 1000);
    await username.fill('Claire');
    await username.press('Enter');
    const refusal = page.getByText('Ce nom d’utilisateur est déjà utilisé.');
    await expect(refusal).toBeVisible();
    await page.clock.runFor(1000);
    await expect(refusal).toBeVisible();
    // Corrected and submitted at once: the request goes out.
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/'),
    );
    await username.fill('henri');
    await username.press('Enter');
    await sent;
    await page.clock.resume();
    await expect(refusal).toHaveCount(0);
  });

  test('on the new-provider form too, a taken username + Enter at once keeps the refusal; a quick fix is sent', async ({
    page,
  }) => {
    await page.clock.install();
    await loginAs(page, 'admin');
    await page.goto('/users/new');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Marchal');
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Lucie');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('lucie.marchal@defauts.test');
    const username = page.getByRole('textbox', { name: 'Nom d’utilisateur' });
    // The debounced check of the typing fires only after the server's answer, however fast the server is.
    await page.clock.pauseAt(Date.now() + 1000);
    await username.fill(ACCOUNTS.admin.username);
    await username.press('Enter');
    const refusal = page.getByText('Ce nom d’utilisateur est déjà utilisé.');
    await expect(refusal).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await page.clock.runFor(1000);
    await expect(refusal).toBeVisible();
    await expect(page).toHaveURL(/\/users\/new$/);
    // Corrected and submitted at once: the request goes out (held back here, so that no provider is created
    // for the other tests to meet).
    await page.route('**/api/users', (route) => route.abort());
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/api\/users$/.test(request.url()),
    );
    await username.fill('lucie.marchal');
    await username.press('Enter');
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({ username: 'lucie.marchal' });
    await page.clock.resume();
    await expect(refusal).toHaveCount(0);
  });

  test('Users and Admins lists say the server cannot be reached, not "Aucune données"', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.route(/\/api\/(users|admins)\?/, (route) => route.abort('connectionrefused'));
    for (const path of ['/users', '/admins']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Impossible de se connecter au serveur', {
        timeout: 15_000,
      });
      await expect(page.getByText('Aucune données')).toHaveCount(0);
    }
  });

  test('logging in while the server does not answer times out and says so in French', async ({ page }) => {
    test.setTimeout(40_000);
    await page.goto('/login');
    await page.route('**/api/users/login', () => {
      // Never answered, as when the network is down.
    });
    await page.getByLabel('Identifiant ou adresse e-mail').fill(ACCOUNTS.admin.username);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toContainText('Le serveur ne répond pas', { timeout: 15_000 });
  });

  test('a host typing the address of the pricings list or a new pricing is sent Home', async ({ page }) => {
    await loginAs(page, 'host');
    for (const path of ['/pricings', '/pricings/new']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
  });

  test('a provider id that is not a number, or unknown, shows the not-found state with a way back', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    for (const path of ['/users/abc', '/users/999999', '/admins/abc']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Retour/ })).toBeVisible();
    }
  });

  test('pricing numbers drop letters, tariffs show the asterisk, dates are French in any browser language', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await withPricing(page, async (id) => {
      await page.goto(`/pricings/${id}`);
      await expect(page.getByLabel('Date de début')).toHaveValue('01/01/2026');
      const palaces = row(page, 'Palaces');
      await expect(palaces).toHaveAttribute('required', '');
      await expect(page.locator('[data-type="PALACES"]').first()).toContainText('Palaces *');
      await palaces.fill('1,5abc');
      await expect(palaces).toHaveValue('1.5');
      const nights = page.getByLabel('Nombre de nuits');
      await nights.fill('7x');
      await expect(nights).toHaveValue('7');
      // Whole nights: a decimal is never rounded behind the person's back; the field says what to fix.
      await nights.fill('7,5');
      await nights.blur();
      await expect(nights).toHaveValue('7.5');
      await expect(page.getByText('Veuillez saisir un nombre entier.')).toBeVisible();
    });
    await context.close();
  });

  test('"Dupliquer pour l’année suivante" is offered only when next year’s legal bounds exist', async ({
    page,
  }) => {
    await withPricing(page, async (id) => {
      await page.goto(`/pricings/${id}`);
      await expect(page.getByRole('button', { name: 'Dupliquer pour l’année suivante' })).toBeDisabled();
      await expect(
        page.getByText(/limites légales de 2027 ne sont pas encore dans le produit/),
      ).toBeVisible();
      // Typed by address, the duplicate leaves the dates to choose rather than a year that cannot be saved.
      await page.goto(`/pricings/new?from=${id}`);
      await expect(row(page, 'Palaces')).toHaveValue('3');
      await expect(page.getByLabel('Date de début')).toHaveValue('');
    });
  });

  test('the header’s focus ring is visible on the top bar (3:1 at least)', async ({ page }) => {
    await loginAs(page, 'admin');
    await expectVisibleFocusRing(page, page.getByRole('button', { name: 'Déconnexion' }));
  });

  test('the focus ring is visible in the side bar, in a page’s body and on a text input (3:1 at least)', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/account');
    const sideBarLink = page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Hébergeurs' });
    await expectVisibleFocusRing(page, sideBarLink);
    await expectVisibleFocusRing(page, page.getByRole('button', { name: 'Enregistrer' }).first());
    // A 1 px border turning blue was all a focused text input showed.
    await expectVisibleFocusRing(page, page.getByRole('textbox', { name: 'Nom d’utilisateur' }));
  });

  test('public pages have a theme switch; the provider list is sorted on a shown column', async ({
    page,
  }) => {
    for (const path of ['/login', '/404', '/ask-reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /Passer au thème/ })).toBeVisible();
    }
    await loginAs(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('columnheader', { name: /^Nom/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('after a screen change the focus is on the page’s heading; new provider has a way back', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/home');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Hébergeurs' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hébergeurs' })).toBeFocused();
    await page.getByRole('link', { name: 'Nouvel hébergeur' }).click();
    await page.getByRole('link', { name: /Retour/ }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test('toasts do not cover the top bar; the country picker opens on France', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    const header = await page.locator('header').boundingBox();
    const box = await toast.boundingBox();
    expect(box && header && box.y >= header.y + header.height).toBe(true);

    await page.goto('/users/new');
    await page.getByRole('button', { name: /Pays|indicatif/i }).click();
    const france = page.getByRole('option', { selected: true });
    await expect(france).toContainText('France');
    await expect(france).toBeInViewport();
  });
});
