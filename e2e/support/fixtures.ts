import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  // Signed out first, as before a login: a link carrying another person's session would be asked about.
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('tokendata');
    });
  }
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

/**
 * The web app's text keys with a dot or a namespace (`list.subtitle`, `declarations:list.title`): the translation layer
 * shows a missing text as its key, so a key on screen is a text that was not loaded (or not written).
 */
function textKeys(): Set<string> {
  const web = resolve(import.meta.dirname, '..', '..', 'apps/web/src');
  const files = [
    ...readdirSync(join(web, 'i18n/fr-FR')).map((file) => join(web, 'i18n/fr-FR', file)),
    ...readdirSync(web, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(join(web, entry.name))
          .filter((file) => file.endsWith('fr-FR.json'))
          .map((file) => join(web, entry.name, file)),
      ),
  ];
  const keys = new Set<string>();
  for (const file of files) {
    const namespace = file.includes('/i18n/')
      ? file.replace(/.*\//, '').replace('.json', '')
      : file.split('/').at(-2);
    const walk = (tree: Record<string, unknown>, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        if (value !== null && typeof value === 'object')
          walk(value as Record<string, unknown>, `${prefix}${key}.`);
        else {
          if (prefix) keys.add(`${prefix}${key}`);
          keys.add(`${namespace}:${prefix}${key}`);
        }
      }
    };
    walk(JSON.parse(readFileSync(file, 'utf8')), '');
  }
  return keys;
}
const TEXT_KEYS = textKeys();

/**
 * Every test's page reports the texts and labels it ever shows that look like a key (a watcher installed
 * before the app's scripts); the test fails if one is a key of the app's texts.
 */
export const test = base.extend<{ noTextKeyOnScreen: undefined; noPolicyViolation: undefined }>({
  noTextKeyOnScreen: [
    async ({ page }, use) => {
      const shown: string[] = [];
      await page.exposeBinding('__reportKeyLikeTexts', (_source, texts: string[]) => {
        for (const text of texts) if (TEXT_KEYS.has(text)) shown.push(text);
      });
      await page.addInitScript(() => {
        const keyLike = /^(?:[a-z]+:[a-zA-Z0-9.]+|[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)$/;
        const attributes = ['aria-label', 'placeholder', 'title', 'alt'];
        const report = (texts: string[]) =>
          (
            window as unknown as { __reportKeyLikeTexts: (texts: string[]) => Promise<void> }
          ).__reportKeyLikeTexts(texts);
        const check = (node: Node, found: string[]) => {
          if (node.nodeType === Node.TEXT_NODE) {
            const text = node.textContent?.trim() ?? '';
            if (keyLike.test(text)) found.push(text);
          } else if (node instanceof Element) {
            for (const name of attributes) {
              const value = node.getAttribute(name)?.trim();
              if (value && keyLike.test(value)) found.push(value);
            }
            for (const child of node.childNodes) check(child, found);
          }
        };
        new MutationObserver((mutations) => {
          const found: string[] = [];
          for (const mutation of mutations) {
            if (mutation.type === 'childList') for (const node of mutation.addedNodes) check(node, found);
            else if (mutation.type === 'characterData') check(mutation.target, found);
            else {
              const value = (mutation.target as Element).getAttribute(mutation.attributeName ?? '')?.trim();
              if (value && keyLike.test(value)) found.push(value);
            }
          }
          if (found.length > 0) void report(found);
        }).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: attributes,
        });
      });
      await use(undefined);
      expect(shown, 'texts shown as their key: a missing translation').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every test's page reports what the server's content security policy refused (a script, a style, an eval);
   * the test fails if anything was: the product runs within its own policy.
   */
  noPolicyViolation: [
    async ({ page }, use) => {
      const refused: string[] = [];
      await page.exposeBinding('__reportPolicyViolation', (_source, violation: string) => {
        refused.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportPolicyViolation: (text: string) => Promise<void> })
            .__reportPolicyViolation;
          void report(
            `${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(undefined);
      expect(refused, 'refused by the content security policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { ACCOUNTS, expect };
