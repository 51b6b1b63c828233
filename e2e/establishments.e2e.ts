import sharp from 'sharp';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/** A small JPEG photo carrying a GPS position, as a phone would take it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 7/1 0/1' } })
    .toBuffer();
}

async function idOf(request: import('@playwright/test').APIRequestContext, token: string, username: string) {
  const response = await request.get(`/api/users?q=${username}`, { headers: { Authorization: token } });
  const body = await response.json();
  const user = body.data.find((u: { username: string }) => u.username === username);
  if (!user) throw new Error(`no provider ${username}`);
  return user.id as number;
}

test.describe('establishments', () => {
  test('an admin creates one for a provider with a photo; the provider edits only its description and image', async ({
    page,
    browser,
  }) => {
    const token = await loginAs(page, 'admin');
    const henri = await idOf(page.request, token, ACCOUNTS.host.username);
    await page.goto('/establishments');
    await page.getByRole('link', { name: 'Nouvel établissement' }).click();
    await expect(page).toHaveURL(/\/establishments\/new$/);
    await page.goto(`/establishments/new?userId=${henri}`);
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Gîte des Mirabelles');
    await page.getByRole('textbox', { name: 'Numéro d’enregistrement' }).fill('57463000123ab');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Metz');
    await page.getByRole('button', { name: 'Créer l’établissement' }).click();
    await expect(page.getByText('Établissement créé.')).toBeVisible();
    await expect(page).toHaveURL(/\/establishments\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Numéro d’enregistrement' })).toHaveValue('57463000123AB');
    // The owner shows in its select (the ids of the suggestions are text).
    await expect(page.getByRole('textbox', { name: 'Hébergeur', exact: true })).toHaveValue(/Dupont/);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await expect(page.getByText('Image enregistrée.')).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'Photo de l’établissement Gîte des Mirabelles' }),
    ).toBeVisible();
    const url = page.url();

    const context = await browser.newContext();
    const host = await context.newPage();
    await loginAs(host, 'host');
    const nav = host.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Gîte des Mirabelles' }).click();
    await expect(host).toHaveURL(new RegExp(`${new URL(url).pathname}$`));
    await expect(host.getByRole('textbox', { name: 'Nom', exact: true })).toHaveAttribute('readonly', '');
    await expect(host.getByRole('textbox', { name: 'Numéro d’enregistrement' })).toHaveAttribute(
      'readonly',
      '',
    );
    await expect(
      host.getByRole('img', { name: 'Photo de l’établissement Gîte des Mirabelles' }),
    ).toBeVisible();
    await host.getByRole('textbox', { name: 'Description' }).fill('Au calme, près de la Moselle.');
    await host.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(host.getByText('Établissement enregistré.')).toBeVisible();
    await host.locator('input[type="file"]').setInputFiles({
      name: 'jardin.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc8844' } })
        .png()
        .toBuffer(),
    });
    await expect(host.getByText('Image enregistrée.')).toBeVisible();
    await expect(host.getByRole('button', { name: 'Supprimer l’établissement' })).toHaveCount(0);
    await context.close();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Au calme, près de la Moselle.',
    );
  });

  test('an admin filters the list by type, and the URL restores the filter after a reload', async ({
    page,
  }) => {
    const token = await loginAs(page, 'admin');
    const henri = await idOf(page.request, token, ACCOUNTS.host.username);
    const ids: number[] = [];
    for (const [name, type] of [
      ['Camping du Saulcy', 'CAMPING_345'],
      ['Hôtel de la Gare', 'HOTEL_2'],
    ] as const) {
      const response = await page.request.post('/api/establishments', {
        headers: { Authorization: token },
        data: { name, type, userId: henri },
      });
      expect(response.status()).toBe(201);
      ids.push((await response.json()).data.id);
    }
    await page.goto('/establishments');
    await expect(page.getByRole('cell', { name: 'Hôtel de la Gare' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Campings 3, 4 et 5 étoiles et équivalents' }).click();
    await expect(page).toHaveURL(/type=CAMPING_345/);
    await expect(page.getByRole('cell', { name: 'Camping du Saulcy' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Hôtel de la Gare' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('cell', { name: 'Camping du Saulcy' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Hôtel de la Gare' })).toHaveCount(0);
    // Leave the database as the global setup made it, for the other browser tests.
    for (const id of ids) {
      await page.request.delete(`/api/establishments/${id}`, { headers: { Authorization: token } });
    }
  });
});
