import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazySchemasPlugin } from '../apps/web/lazy-schemas-plugin';

const domainRoot = '/repo/packages/domain';
const plugin = lazySchemasPlugin(domainRoot) as Plugin & {
  transform: (code: string, id: string) => { code: string } | null;
};
const transform = (code: string, id = `${domainRoot}/src/feature/schemas.ts`) =>
  plugin.transform(code, id)?.code;

/** The constants the build turns into `lazySchema(() => …)`. */
function lazyNames(code: string): string[] {
  const out = transform(code) ?? '';
  return [...out.matchAll(/const (\w+) = \/\* @__PURE__ \*\/ lazySchema\(\(\) => /g)].map(
    (match) => match[1] ?? '',
  );
}

describe('the browser build’s lazy schemas', () => {
  it('builds on first use every module-level schema: zod factories, helpers, schemas derived by name', () => {
    const code = `
      import { z } from 'zod';
      import { safeString, text } from '../validation/fields';
      import { periodSchema } from './periods';
      export const amountSchema = z.number().int().min(0);
      export const isoDate = z.iso.date();
      const siret = safeString().regex(/^\\d{14}$/);
      export const siretField = siret.refine((value) => value !== '');
      export const nameField = text({ max: 80 }) as z.ZodString;
      export const datedSchema = periodSchema.extend({ at: isoDate });
      export const stayDate = isoDateSchema.refine((date) => date !== '');
    `;
    expect(lazyNames(code)).toEqual([
      'amountSchema',
      'isoDate',
      'siret',
      'siretField',
      'nameField',
      'datedSchema',
      'stayDate',
    ]);
  });

  it('leaves values alone: settings, parsed values, what a schema holds, functions, literals and let', () => {
    const code = `
      import { z } from 'zod';
      z.config({ jitless: true });
      const french = z.config();
      export const DEFAULTS = settingsSchema.parse({});
      export const TYPES = typeSchema.options.map((type) => type.toUpperCase());
      export const KEYS = Object.keys(payloadSchema.shape);
      export const rangeSchema = (max: number) => z.number().max(max);
      export const shape = { a: z.string() };
      export let mutableSchema = z.string();
      export function helperSchema() { return z.string(); }
    `;
    expect(lazyNames(code)).toEqual([]);
  });

  it('imports the stand-in from the domain and marks each one pure, so an unread schema leaves the bundle', () => {
    const out = transform("import { z } from 'zod';\nexport const idSchema = z.number();\n") ?? '';
    expect(
      out.startsWith(
        `import { lazySchema } from ${JSON.stringify(join(domainRoot, 'src', 'validation', 'lazy-schema.ts'))};`,
      ),
    ).toBe(true);
    expect(out).toContain('export const idSchema = /* @__PURE__ */ lazySchema(() => z.number());');
  });

  it('touches only the domain’s sources, and not the stand-in itself', () => {
    const code = "import { z } from 'zod';\nexport const idSchema = z.number();\n";
    expect(transform(code, '/repo/apps/web/src/form.ts')).toBeUndefined();
    expect(transform(code, join(domainRoot, 'src', 'validation', 'lazy-schema.ts'))).toBeUndefined();
  });
});
