/**
 * Every text of the interface, in French (fr-FR). The shared namespaces are the JSON files of `fr-FR/`
 * (`common` for the shell and shared words, `ui` for the kit, `password`), loaded with the app; each
 * feature brings its own namespace (`addTexts`): its side bar's labels in its manifest, the rest in its
 * `texts.ts`, imported by the code that reads them, so they ship in its chunk
 * (docs/decisions/0116-texts-per-feature.md). Bundled, never fetched apart, so no text flickers in.
 *
 * The reader is this module, not i18next: one locale, nested keys, namespaces, `{{name}}` values and
 * plural forms (`key_one`, `key_other`) are all the app needs, and i18next cost every screen 17 KiB
 * gzip (docs/decisions/0119-own-translation-layer.md). The texts keep i18next's file format.
 */
export const DEFAULT_LOCALE = 'fr-FR';
/** The namespace of a key without one (`t('loading')` from `useTranslation()`). */
const DEFAULT_NAMESPACE = 'common';
const NAMESPACE_SEPARATOR = ':';

type TextTree = { [key: string]: string | TextTree };
/** The values a text's `{{placeholders}}` take; `count` also picks the plural form. */
export type TextValues = Record<string, unknown> & { count?: number; defaultValue?: string };
/** Reads a text by key (`list.title`, or `users:list.title` in another namespace). */
export type Translate = (key: string, values?: TextValues) => string;

const namespaces = new Map<string, TextTree>();
const plurals = new Intl.PluralRules(DEFAULT_LOCALE);

function isTree(value: unknown): value is TextTree {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Adds `texts` into `tree`, key by key, the later text winning (a feature's labels, then its other texts). */
function merge(tree: TextTree, texts: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(texts)) {
    const current = tree[key];
    if (isTree(value)) {
      const branch = isTree(current) ? current : {};
      merge(branch, value);
      tree[key] = branch;
    } else if (typeof value === 'string') {
      tree[key] = value;
    }
  }
}

/** Registers a namespace of texts (a feature's `fr-FR.json`), merged into what it already holds. */
export function addTexts(namespace: string, texts: Record<string, unknown>): void {
  const tree = namespaces.get(namespace) ?? {};
  merge(tree, texts);
  namespaces.set(namespace, tree);
}

/** The text at `key` (dot path) in `namespace`, if there is one. */
export function textAt(namespace: string, key: string): string | undefined {
  let node: string | TextTree | undefined = namespaces.get(namespace);
  for (const part of key.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function split(key: string, namespace: string): [string, string] {
  const at = key.indexOf(NAMESPACE_SEPARATOR);
  return at > 0 ? [key.slice(0, at), key.slice(at + 1)] : [namespace, key];
}

/** Whether a text exists for `key` (with its namespace, or in the default one). */
export function hasText(key: string): boolean {
  const [namespace, path] = split(key, DEFAULT_NAMESPACE);
  return textAt(namespace, path) !== undefined;
}

/** `{{name}}` takes `values.name`; a value not given leaves nothing. */
function fill(text: string, values: TextValues | undefined): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The text for `key`: with a `count`, its plural form for French (`_one` for 0 and 1, else `_other`,
 * `_many` where a text has one), then the key itself; a missing text shows its `defaultValue`, or the key
 * (without namespace), so that it is seen and caught (the browser tests fail on a key on screen).
 */
export function translate(namespace: string, key: string, values?: TextValues): string {
  const [where, path] = split(key, namespace);
  const count = values?.count;
  const plural =
    typeof count === 'number'
      ? (textAt(where, `${path}_${plurals.select(count)}`) ?? textAt(where, `${path}_other`))
      : undefined;
  return fill(plural ?? textAt(where, path) ?? values?.defaultValue ?? path, values);
}

const translators = new Map<string, Translate>();

/** The reader of one namespace; the same function each time, so it can sit in a hook's dependencies. */
export function translatorFor(namespace: string = DEFAULT_NAMESPACE): Translate {
  let translator = translators.get(namespace);
  if (!translator) {
    translator = (key, values) => translate(namespace, key, values);
    translators.set(namespace, translator);
  }
  return translator;
}

/** Reads texts outside React (toasts, confirmations, table columns): keys carry their namespace. */
export const t: Translate = translatorFor();

/**
 * The texts of a namespace in a component (`common` by default). Texts never change while the app runs
 * (one locale, every namespace registered before its readers render), so this is not state.
 */
export function useTranslation(namespace?: string): { t: Translate } {
  return { t: translatorFor(namespace) };
}

/**
 * A feature's texts (its `fr-FR.json`), registered when its `texts.ts` calls this at import, so that they ship
 * with the code that reads them (docs/decisions/0116-texts-per-feature.md); returns the hook that reads
 * them. Screens read a feature's texts through that hook, never `useTranslation(namespace)`: importing the
 * hook is what brings the texts.
 */
export function featureTexts(namespace: string, texts: Record<string, unknown>): () => { t: Translate } {
  addTexts(namespace, texts);
  return () => ({ t: translatorFor(namespace) });
}

const shared = import.meta.glob<{ default: Record<string, unknown> }>('./fr-FR/*.json', { eager: true });
for (const [path, module] of Object.entries(shared)) {
  addTexts(path.replace('./fr-FR/', '').replace('.json', ''), module.default);
}
