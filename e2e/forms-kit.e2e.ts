import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * The form kit where a person meets it: a click made as a field's message goes (the blur of that very click)
 * still lands where it was aimed; on a phone the controls are thumb-sized.
 */

let adminToken = '';
let establishmentId = 0;
const auth = (token: string) => ({ headers: { authorization: token } });

async function hostId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  return (await response.json()).data.find((u: { username: string }) => u.username === ACCOUNTS.host.username)
    .id;
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/users/login', {
    data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  adminToken = (await login.json()).data;
  const establishment = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: { name: 'Gîte des Clics', type: 'HOTEL_3', capacityMaxPerson: 12, userId: await hostId(request) },
  });
  expect(establishment.status(), await establishment.text()).toBe(201);
  establishmentId = (await establishment.json()).data.id;
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
});

/**
 * A click as a hand makes it: pressed at the control's centre, released where the pointer is once the page
 * has done what the press set off (the blur of the field left, its check). The page's timers are held by
 * its clock; a message through a channel is not, so its arrival means every task queued before it has run.
 */
async function pressAndRelease(page: Page, control: Locator) {
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  await page.mouse.up();
}

// The whole form in view: nothing scrolls, so the browser's scroll anchoring does not hide a jump.
test.use({ viewport: { width: 1280, height: 1200 } });

test('the click that clears a field’s message (by leaving the field) ticks the box, then submits', async ({
  page,
}) => {
  // The page's timers are held from the corrections on: the debounced checks of the typing never run before
  // the press, so each message goes with the blur of the press, as it does for a quick hand.
  await page.clock.install();
  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}/register`);
  await page.getByRole('button', { name: 'Ajouter un séjour' }).click();
  const form = page.getByRole('form', { name: 'Nouveau séjour' });
  await form.getByRole('textbox', { name: 'Date d’arrivée' }).fill('02/03/2026');
  await form.getByRole('textbox', { name: 'Date de départ' }).fill('04/03/2026');
  const persons = form.getByRole('textbox', { name: 'Nombre de personnes' });
  await persons.fill('0');
  await persons.press('Enter');
  await expect(form.getByText('Veuillez compléter ce champ.')).toBeVisible();
  await expect(form.getByText('Veuillez sélectionner une valeur supérieure ou égale à 1.')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Le formulaire est invalide.');

  await page.clock.pauseAt(Date.now() + 1000);
  await form.getByRole('textbox', { name: /Prix du séjour/ }).fill('80');
  const platform = form.getByRole('checkbox', { name: /plateforme/ });
  await pressAndRelease(page, platform);
  await expect(platform).toBeChecked();
  await expect(form.getByText('Veuillez compléter ce champ.')).toHaveCount(0);

  await persons.fill('2');
  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith(`/establishments/${establishmentId}/stays`),
  );
  await pressAndRelease(page, form.getByRole('button', { name: 'Enregistrer' }));
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ persons: 2, price: 8000, platform: true });
  await page.clock.resume();
  await expect(page.getByText('Le séjour a été ajouté.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  /** The area a tap on `control` reaches: the element, or the label around or for it. */
  async function expectThumbSized(control: Locator) {
    const box = await control.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }

  test('greets by first name, skips to the content, and its menu button and check boxes fit a thumb', async ({
    page,
  }) => {
    await loginAs(page, 'host');
    await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Henri' })).toBeVisible();

    // The keyboard's first stop leads past the top bar to the screen.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await expectThumbSized(page.getByRole('button', { name: 'Ouvrir le menu' }));

    await page.goto(`/establishments/${establishmentId}/register`);
    await page.getByRole('button', { name: 'Ajouter un séjour' }).click();
    const label = page.locator('label', { hasText: 'Réservé et payé par une plateforme' });
    await expectThumbSized(label);
    // A tap beside the small box, still within its target, ticks it.
    const platform = page.getByRole('checkbox', { name: /plateforme/ });
    await platform.scrollIntoViewIfNeeded();
    const box = await platform.boundingBox();
    if (!box) throw new Error('no check box');
    await page.touchscreen.tap(box.x + box.width / 2, box.y - 8);
    await expect(platform).toBeChecked();
  });
});
