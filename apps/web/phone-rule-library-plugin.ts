import { join } from 'node:path';
import type { Plugin } from 'vite';

const DOMAIN = /[\\/]packages[\\/]domain[\\/]src[\\/]/;

/**
 * The domain's phone rule imports libphonenumber (≈ 29 KiB gzip with its metadata), and the contracts and forms
 * of the providers and the reports carry that rule: the library would come with every one of their screens.
 * This resolver gives the domain `src/ui/fields/phone-rule-library.ts` in the library's place, which answers
 * with the library the phone field downloads when a phone is about to be used (docs/decisions/0133).
 */
export function phoneRuleLibraryPlugin(root: string): Plugin {
  const shim = join(root, 'src', 'ui', 'fields', 'phone-rule-library.ts');
  return {
    name: 'sejour-phone-rule-library',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'libphonenumber-js/min' && importer && DOMAIN.test(importer)) return shim;
      return null;
    },
  };
}
