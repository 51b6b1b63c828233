import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:theme-variables.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * `import 'virtual:theme-variables.css'`: every CSS variable Mantine's provider would write for the theme
 * (`src/app/theme-variables.ts`), computed at build time. The first visit's login form is styled by them
 * before any Mantine code is downloaded, and nothing flashes in the dark theme.
 */
export function themeCssPlugin(root: string): Plugin {
  const source = join(root, 'src', 'app', 'theme-variables.ts');
  return {
    name: 'sejour-theme-variables',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(source);
      this.addWatchFile(join(root, 'src', 'app', 'brand-theme.ts'));
      const bundled = await build({
        entryPoints: [source],
        bundle: true,
        format: 'esm',
        platform: 'node',
        write: false,
        logLevel: 'error',
      });
      const code = bundled.outputFiles[0]?.text ?? '';
      const module = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      )) as {
        themeVariablesCss: () => string;
      };
      return module.themeVariablesCss();
    },
  };
}
