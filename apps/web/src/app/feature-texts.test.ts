import { describe, expect, it } from 'vitest';
import { hasText, textAt } from '../i18n';
import { features } from './features';

/**
 * A feature's texts come with the code that reads them (docs/decisions/0116-texts-per-feature.md): its
 * `texts.ts` registers them when imported. Nothing in this file imports one before the tests do.
 */
const textModules = import.meta.glob<{ [hook: string]: unknown }>('../*/texts.ts');
const lazyTexts = import.meta.glob<Record<string, unknown>>('../*/fr-FR.json', {
  eager: true,
  import: 'default',
});
const navTexts = import.meta.glob<Record<string, unknown>>('../*/nav.fr-FR.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const folder = (path: string) => path.split('/')[1] ?? '';
const featureOf = (name: string) => Object.keys(textModules).find((path) => folder(path) === name);

/** Every text of a JSON tree, as `a.b.c` → text. */
function leaves(tree: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const namespaces = Object.keys(textModules).map(folder);

describe("features' texts", () => {
  it('every feature with texts read through the translation layer has a texts module', () => {
    // The login's texts are read from its JSON, without the translation layer (the login entry does not load it).
    const withTexts = Object.keys(lazyTexts)
      .map(folder)
      .filter((name) => name !== 'auth');
    expect(namespaces.sort()).toEqual(withTexts.sort());
  });

  it("the side bar's labels are there with the app, before any screen's code", () => {
    const labelKeys = features.flatMap((feature) => (feature.sideBar ?? []).map((entry) => entry.labelKey));
    expect(labelKeys.length).toBeGreaterThan(0);
    for (const key of labelKeys) expect(hasText(key), key).toBe(true);
  });

  it("a feature's other texts are absent until its module is imported, then all there", async () => {
    for (const name of namespaces) {
      const texts = lazyTexts[`../${name}/fr-FR.json`] ?? {};
      const [firstKey] = leaves(texts)[0] ?? [];
      expect(firstKey, name).toBeDefined();
      expect(hasText(`${name}:${firstKey}`), `${name} before its module`).toBe(false);

      const load = textModules[featureOf(name) ?? ''];
      const module = await load?.();
      expect(typeof module?.[`use${name[0]?.toUpperCase()}${name.slice(1)}Texts`], name).toBe('function');

      const nav = navTexts[`../${name}/nav.fr-FR.json`] ?? {};
      for (const [key, text] of [...leaves(texts), ...leaves(nav)]) {
        expect(textAt(name, key), `${name}:${key}`).toBe(text);
      }
    }
  });

  it("the side bar's labels are not repeated in the feature's other texts", () => {
    for (const [path, nav] of Object.entries(navTexts)) {
      const rest = new Set(leaves(lazyTexts[path.replace('nav.', '')] ?? {}).map(([key]) => key));
      for (const [key] of leaves(nav)) expect(rest.has(key), `${path}: ${key}`).toBe(false);
    }
  });

  it("no code reads a feature's namespace but through its texts hook", () => {
    const byName = new RegExp(`useTranslation\\(\\s*['"\`](${namespaces.join('|')})['"\`]`);
    const navKeys = new Set(
      Object.entries(navTexts).flatMap(([path, nav]) => leaves(nav).map(([key]) => `${folder(path)}:${key}`)),
    );
    const prefixed = new RegExp(`['"\`]((?:${namespaces.join('|')}):[\\w.]+)`, 'g');
    for (const [path, source] of Object.entries(sources)) {
      if (path.endsWith('/texts.ts')) continue;
      expect(byName.test(source), path).toBe(false);
      // A key with its namespace (`t('declarations:…')`, `t` of `../i18n`) works before the module only if eager.
      // A screen's opening names keys the build reads from the catalogues, not the browser: left out here.
      const read = source.replace(/opening:\s*\{[^}]*\}/g, '');
      for (const [, key] of read.matchAll(prefixed))
        expect(navKeys.has(key ?? ''), `${path}: ${key}`).toBe(true);
    }
  });
});
