import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  computeDeclarationTax,
  type EstablishmentType,
  establishmentTypeInfo,
  formatEuros,
  type PricingTable,
  stayFigures,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';
import { linkIn, mailboxMark, waitForMail } from './support/mailbox';

/**
 * A person registers an accommodation through the public form on a phone, an admin accepts it, the new
 * provider activates the account from the mail and finds the establishment; the public simulator's figures
 * are the engine's. Names and e-mails are unique to the run.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const email = `declarant-${run}@exemple.test`;
const gite = `Gîte des Mirabelles ${run}`;
const PASSWORD = 'Quetsches-et-Mirabelles-57';
const auth = (token: string) => ({ headers: { Authorization: token } });

async function expectNoSeriousA11yViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function fillDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.fill(date);
  await input.press('Escape');
  await input.blur();
}

/** Opens a select from the keyboard (a click right after typing elsewhere may land as the errors move). */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.focus();
  await input.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('a person registers an accommodation on a phone and receives the acknowledgement', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The phone field's library (`phone-….js`), with which the domain's phone rule checks too.
  const phoneLibrary: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/phone-[\w-]{8}\.js$/.test(request.url())) phoneLibrary.push(request.url());
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Déclarer un nouvel hébergement' }).click();
  await expect(page).toHaveURL(/\/public-form$/);
  await expect(page.getByRole('heading', { name: 'Déclarer un hébergement', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolation(page);

  // Sent empty: each field says what it needs, in French.
  await page.getByRole('button', { name: 'Envoyer ma déclaration' }).click();
  await expect(page.getByText('Le formulaire est invalide.')).toBeVisible();
  await expect(page.getByText('Veuillez compléter ce champ.').first()).toBeVisible();
  const consent = page.getByRole('checkbox', { name: /J’accepte que ces informations/ });
  await expect(consent).toHaveAccessibleDescription('Veuillez compléter ce champ.');

  await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Nom de l’hébergement' }).fill(gite);
  // What the accommodation is gives its row; without a nature, the row is picked.
  await choose(page, 'Nature de l’hébergement', 'Meublé de tourisme');
  await choose(page, 'Classement', '3 étoiles');
  await expect(page.getByText('Ligne du barème : Hôtels 3 étoiles et équivalents')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type d’hébergement', exact: true })).toHaveCount(0);
  await choose(page, 'Nature de l’hébergement', 'Je ne sais pas : choisir la ligne du barème');
  await expect(page.getByRole('textbox', { name: 'Classement', exact: true })).toHaveCount(0);
  await choose(page, 'Type d’hébergement', establishmentTypeInfo.NONE.label);
  await expect(page.getByText(establishmentTypeInfo.NONE.covers)).toBeVisible();
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 rue de l’Église');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('57170');
  await page.getByRole('textbox', { name: 'Commune' }).fill('Château-Salins');
  await page.getByRole('textbox', { name: 'Nombre de personnes' }).fill('4');
  const numero = page.getByRole('textbox', { name: 'Numéro d’enregistrement' });
  await numero.fill('123');
  await numero.blur();
  await expect(page.getByText(/Le numéro d’enregistrement comporte 13 caractères/)).toBeVisible();
  await numero.fill(`57170${String(Date.now()).slice(-6)}AB`);
  await fillDate(page, 'Date d’ouverture', '01/04/2026');
  await consent.check();

  // The phone library comes when the phone field is used, not with the form; typing does not wait for it.
  expect(phoneLibrary).toEqual([]);
  const phone = page.getByRole('textbox', { name: 'Téléphone' });
  await phone.pressSequentially('06 12 34 56 78');
  await phone.blur();
  await expect(phone).toHaveValue('06 12 34 56 78');
  await expect.poll(() => phoneLibrary.length).toBe(1);
  // The country, from the keyboard: the list opens on France.
  const country = page.getByRole('button', { name: 'Pays : France (+33)' });
  await country.focus();
  await country.press('Enter');
  await expect(page.getByRole('option', { name: /^France/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(country).toBeFocused();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const before = mailboxMark();
  await page.getByRole('button', { name: 'Envoyer ma déclaration' }).click();
  await expect(page.getByRole('heading', { name: 'Demande envoyée' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  const mail = await waitForMail(email, { after: before, subject: /a bien été reçue/ });
  // Of what the sender typed, the mail carries only the person's name: the accommodation is named by its type.
  expect(mail.text).not.toContain(gite);
  expect(mail.text).toContain(establishmentTypeInfo.NONE.label);
  expect(mail.text).toContain('Bonjour Camille Martin,');
});

test('an admin accepts the report; the new provider activates the account and finds the establishment', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  const entry = nav.getByRole('link', { name: /^Demandes d’inscription/ });
  await expect(entry).toContainText(/\d+ en attente/);
  await entry.click();
  await expect(page.getByRole('heading', { name: 'Demandes d’inscription', level: 1 })).toBeVisible();
  await page.getByRole('row', { name: new RegExp(gite) }).click();
  await expect(page.getByRole('heading', { name: /^Demande n° \d+$/ })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/l’acceptation crée un nouveau compte/)).toBeVisible();

  const before = mailboxMark();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accepter' }).click();
  await expect(
    page.getByText('Demande acceptée : l’hébergeur a été créé et le lien d’activation envoyé.'),
  ).toBeVisible();
  await expect(page.getByText(/Acceptée le .+ par claire/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);

  const mail = await waitForMail(email, { after: before, subject: /^Activez votre compte/ });
  const link = linkIn(mail, '/activate-account');
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activer mon compte' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const hostNav = page.getByRole('navigation', { name: 'Navigation principale' });
  await hostNav.getByRole('link', { name: gite }).click();
  await expect(page.getByRole('heading', { name: gite, level: 1 })).toBeVisible();
});

test('a professional gives the company’s address, or says it is the establishment’s', async ({ page }) => {
  await page.goto('/public-form-pro');
  const group = page.getByRole('group', { name: 'Adresse de la société' });
  const street = group.getByRole('textbox', { name: 'Adresse de la société' });
  await expect(street).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer ma déclaration' }).click();
  await expect(street).toHaveAttribute('aria-invalid', 'true');
  // "Same as the establishment" leaves nothing more to type about the company's address.
  await group.getByRole('checkbox', { name: 'Même adresse que l’établissement' }).check();
  await expect(street).toHaveCount(0);
  await expect(group.getByRole('textbox')).toHaveCount(0);
});

test.describe('the public simulator', () => {
  let table: PricingTable;
  let createdPricing: number | null = null;
  let adminToken = '';

  test.beforeAll(async ({ request }) => {
    const login = await request.post('/api/users/login', {
      data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
    });
    adminToken = (await login.json()).data;
    let inForce = await request.get('/api/pricings/in-force/public');
    if (inForce.status() !== 200) {
      const year = new Date().getFullYear();
      const created = await request.post('/api/pricings', {
        ...auth(adminToken),
        data: lawfulPricingPayload({ beginDate: `${year}-01-01`, endDate: `${year}-12-31` }),
      });
      expect(created.status(), await created.text()).toBe(201);
      createdPricing = (await created.json()).data.id;
      inForce = await request.get('/api/pricings/in-force/public');
    }
    table = (await inForce.json()).data;
  });

  test.afterAll(async ({ request }) => {
    if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
  });

  test('is linked from the login page and shows the engine’s figures for three types', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Simuler la taxe de séjour' }).click();
    await expect(page).toHaveURL(/\/simulateur$/);
    await expect(page.getByRole('heading', { name: 'Simulateur de taxe de séjour' })).toBeVisible();
    await expect(page.getByText('Choisissez un type d’hébergement pour voir le calcul.')).toBeVisible();

    const stay = { nights: 3, persons: 4, exempted: 1, pricePerNight: 12_000 };
    await page.getByRole('textbox', { name: 'Nombre de nuits' }).fill('3');
    await page.getByRole('textbox', { name: 'Nombre de personnes' }).fill('4');
    await page.getByRole('textbox', { name: /dont mineurs/ }).fill('1');
    const types: EstablishmentType[] = ['HOTEL_3', 'CAMPING_12', 'NONE'];
    for (const type of types) {
      await choose(page, 'Type d’hébergement', establishmentTypeInfo[type].label);
      if (type === 'NONE') await page.getByRole('textbox', { name: 'Prix de la nuit (HT)' }).fill('120');
      const figures = stayFigures(stay, table.threshold);
      if (!figures) throw new Error('stay out of bounds');
      const tax = computeDeclarationTax({ type, figures, pricing: table });
      expect(tax.total).toBeGreaterThan(0);
      await expect(page.getByTestId('simulator-total'), type).toHaveText(formatEuros(tax.total));
      const perNight = tax.total / stay.nights;
      await expect(page.getByTestId('simulator-per-night'), type).toHaveText(formatEuros(perNight));
    }
    await expectNoSeriousA11yViolation(page);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
