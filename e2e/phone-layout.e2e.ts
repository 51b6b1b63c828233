import type { APIRequestContext, Page } from '@playwright/test';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, loginThroughForm, test } from './support/fixtures';

/**
 * The host's journey on a phone (375 px) and a desktop (1280 px): Home, an establishment, its register, a
 * declaration, "Mes avis" and the account. On a phone no screen scrolls sideways and every row's actions are on
 * screen; each screen is photographed at both widths into the test's output folder. Then the admin's Résumé
 * keeps its Total column in view at 1280 px, a 1280 px window zoomed to 200 % collapses the side bar, and a
 * navigation that waits for a screen's code shows the shell and a progress bar, and a first visit shows the
 * screen's title before its code, where the screen then draws it. What the test creates is removed at the end.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ headers: { Authorization: token } });
const NAME = 'Résidence des Tilleuls du Grand Parc';
let adminToken = '';
let createdPricing: number | null = null;
let establishmentId = 0;
let draftId = 0;

async function tokenOf(request: APIRequestContext, who: 'admin' | 'host') {
  const account = ACCOUNTS[who];
  const login = await request.post('/api/users/login', {
    data: { username: account.username, password: account.password },
  });
  return (await login.json()).data as string;
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, 'admin');
  const hostToken = await tokenOf(request, 'host');
  const covering = await request.get('/api/pricings/in-force?year=2026&month=1', auth(adminToken));
  if (covering.status() !== 200) {
    const pricing = await request.post('/api/pricings', {
      ...auth(adminToken),
      data: lawfulPricingPayload(),
    });
    expect(pricing.status(), await pricing.text()).toBe(201);
    createdPricing = (await pricing.json()).data.id;
  }
  const users = await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(adminToken));
  const henri = (await users.json()).data.find(
    (u: { username: string }) => u.username === ACCOUNTS.host.username,
  );
  const establishment = await request.post('/api/establishments', {
    ...auth(adminToken),
    data: { name: NAME, type: 'HOTEL_3', capacityMaxPerson: 40, userId: henri.id },
  });
  expect(establishment.status(), await establishment.text()).toBe(201);
  establishmentId = (await establishment.json()).data.id;
  // January done (a notice for the first semester), February a draft, March's stays in the register.
  for (const [month, nightsCount] of [
    [1, 24],
    [2, 31],
  ] as const) {
    const created = await request.post('/api/declarations', {
      ...auth(hostToken),
      data: { establishmentId, year: 2026, month, nightsCount },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id;
    if (month === 1) await request.post(`/api/declarations/${id}/done`, { ...auth(hostToken), data: {} });
    else draftId = id;
  }
  for (let day = 2; day <= 6; day++) {
    const stay = await request.post(`/api/establishments/${establishmentId}/stays`, {
      ...auth(hostToken),
      data: {
        arrival: `2026-03-0${day}`,
        departure: `2026-03-0${day + 3}`,
        persons: 2,
        price: 12_345,
        platform: day % 2 === 0,
        reference: `Réservation longue n°${day}-ABCDEFGHIJ`,
      },
    });
    expect(stay.status(), await stay.text()).toBe(201);
  }
});

test.afterAll(async ({ request }) => {
  if (establishmentId) await request.delete(`/api/establishments/${establishmentId}`, auth(adminToken));
  if (createdPricing) await request.delete(`/api/pricings/${createdPricing}`, auth(adminToken));
});

interface Step {
  name: string;
  path: () => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const JOURNEY: Step[] = [
  { name: 'home', path: () => '/home', ready: (p) => p.getByRole('heading', { level: 1, name: /Bonjour/ }) },
  {
    name: 'establishment',
    path: () => `/establishments/${establishmentId}`,
    ready: (p) => p.getByRole('button', { name: /^janvier 2026 : / }),
  },
  {
    name: 'register',
    path: () => `/establishments/${establishmentId}/register?year=2026&month=3`,
    ready: (p) => p.getByRole('cell', { name: 'Réservation longue n°6-ABCDEFGHIJ' }),
  },
  {
    name: 'declaration',
    path: () => `/declarations/${draftId}`,
    ready: (p) => p.getByRole('heading', { level: 1, name: /février 2026/ }),
  },
  {
    name: 'notices',
    path: () => '/resume?year=2026&semester=1',
    ready: (p) => p.getByRole('table', { name: 'Résumé' }).getByText(NAME),
  },
  {
    name: 'account',
    path: () => '/account',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Mon compte' }),
  },
];

/** Nothing wider than the window: the page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** Every button and link of every table row lies inside the window, without scrolling anything. */
async function expectRowActionsOnScreen(page: Page, screen: string) {
  const boxes = await page
    .locator('main tbody tr')
    .locator('button, a')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent?.trim() ?? '', left: box.left, right: box.right };
      }),
    );
  const width = page.viewportSize()?.width ?? 0;
  for (const box of boxes) {
    expect(box.left, `${screen}: "${box.text}" starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${screen}: "${box.text}" ends off screen`).toBeLessThanOrEqual(width);
  }
  return boxes.length;
}

for (const width of [375, 1280]) {
  test(`the host's journey at ${width} px: nothing scrolls sideways, row actions on screen`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, 'host');
    for (const step of JOURNEY) {
      await page.goto(step.path());
      await expect(step.ready(page)).toBeVisible();
      await expect(page.getByTestId('top-progress')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`${step.name}-${width}.png`), fullPage: true });
      await expectNoSidewaysScroll(page, step.name);
      const actions = await expectRowActionsOnScreen(page, step.name);
      if (step.name === 'register') {
        // Five stays, each with its two actions.
        expect(actions).toBeGreaterThanOrEqual(10);
      }
      if (step.name === 'notices') {
        // The payment reference of the detail is on screen, not cut off at the table's edge.
        const reference = page.getByRole('table', { name: 'Résumé' }).getByText(/Référence de paiement/);
        const box = await reference.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      }
    }
  });
}

test('the admin sees the Total column of Résumé at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto('/resume?year=2026&semester=1');
  const table = page.getByRole('table', { name: 'Résumé' });
  await expect(table.getByText(NAME)).toBeVisible();
  const total = table
    .getByRole('row', { name: new RegExp(NAME) })
    .getByRole('cell')
    .last();
  const box = await total.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  await expectNoSidewaysScroll(page, 'resume');
});

test('a 1280 px window zoomed to 200 % (640 px) collapses the side bar behind the menu button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await loginAs(page, 'host');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(nav.getByRole('link', { name: NAME })).toBeVisible();
  // Above 600 px the labels stay long.
  await expect(page.getByRole('link', { name: 'Mon compte' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'home at 640 px');
});

/** Holds the next download of a screen's code until `release` is called. */
async function holdChunk(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

test('after logging in, the shell shows at once with a progress bar while Home downloads', async ({
  page,
}) => {
  const release = await holdChunk(page, /\/assets\/HomePage-[^/]+\.js$/);
  await loginThroughForm(page, 'host');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Chargement…' }).first()).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: /Bonjour/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Chargement…' })).toHaveCount(0);
});

test('opening a month shows a progress bar over the shell while the declaration screen downloads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'host');
  await page.goto(`/establishments/${establishmentId}`);
  const february = page.getByRole('button', { name: /^février 2026 : / });
  await expect(february).toBeVisible();
  const release = await holdChunk(page, /\/assets\/DeclarationPage-[^/]+\.js$/);
  await february.click();
  const bar = page.getByRole('progressbar', { name: 'Chargement…' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: /février 2026/ })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

for (const { who, width, path, chunk, title } of [
  { who: 'host', width: 375, path: '/home', chunk: /\/assets\/HomePage-[^/]+\.js$/, title: /^Bonjour / },
  {
    who: 'admin',
    width: 1280,
    path: '/declarations',
    chunk: /\/assets\/DeclarationsPage-[^/]+\.js$/,
    title: 'Déclarations',
  },
] as const) {
  test(`${path} at ${width} px shows its title before its code, where the screen then draws it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, who);
    const release = await holdChunk(page, chunk);
    // Whether the page was ever without a frame (neither the static one nor the shell's header) on its way to
    // the screen: a blank page with a progress bar in between.
    await page.addInitScript(() => {
      const seen = window as unknown as { frameless?: string };
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root?.firstElementChild && !root.querySelector('.static-shell, header'))
          seen.frameless ??= root.innerHTML;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    const early = page.locator('.static-shell-main h1, .static-shell-main p');
    await expect(early.first()).toBeAttached();
    const before = await early.evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().toJSON()),
    );
    release();
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect(page.locator('.static-shell')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { frameless?: string }).frameless),
    ).toBeUndefined();
    const after = await heading.evaluate(
      (h1, count) =>
        [h1, h1.nextElementSibling].slice(0, count).map((node) => node?.getBoundingClientRect().toJSON()),
      before.length,
    );
    // Same place, same height: nothing moves when the screen replaces the page's copy of its opening.
    expect(after.map(({ x, y, height }) => ({ x, y, height }))).toEqual(
      before.map(({ x, y, height }) => ({ x, y, height })),
    );
  });
}
