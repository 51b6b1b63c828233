import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every text of the interface, in French (fr-FR, fallback fr-FR). The shared namespaces are the JSON files
 * of `fr-FR/` (`common` for the shell and shared words, `ui` for the kit), loaded with the app; each feature
 * brings its own namespace (`addTexts`): its side bar's labels in its manifest, the rest in its `texts.ts`,
 * imported by the code that reads them, so they ship in its chunk (docs/decisions/0116-texts-per-feature.md).
 * Bundled, never fetched apart, so no text flickers in.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./fr-FR/*.json', { eager: true });
const resources: Record<string, Record<string, unknown>> = {};
for (const [path, module] of Object.entries(files)) {
  const namespace = path.replace('./fr-FR/', '').replace('.json', '');
  resources[namespace] = module.default;
}

export const DEFAULT_LOCALE = 'fr-FR';

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [DEFAULT_LOCALE],
  resources: { [DEFAULT_LOCALE]: resources },
  ns: Object.keys(resources),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18next };

/** Registers a namespace of texts (a feature's `fr-FR.json`). */
export function addTexts(namespace: string, texts: Record<string, unknown>): void {
  i18next.addResourceBundle(DEFAULT_LOCALE, namespace, texts, true, true);
}
