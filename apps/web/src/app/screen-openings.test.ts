import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRouteChunks } from '../../route-chunks-plugin';
import homeTexts from '../home/fr-FR.json';

const appRoot = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** A throwaway app folder with one feature whose manifest is `manifest`. */
function appWith(manifest: string, texts: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'sejour-openings-'));
  mkdirSync(join(root, 'src', 'widgets'), { recursive: true });
  writeFileSync(join(root, 'src', 'widgets', 'feature.ts'), manifest);
  writeFileSync(join(root, 'src', 'widgets', 'fr-FR.json'), JSON.stringify(texts));
  return root;
}

const widgets = (opening: string) =>
  `export const widgetsFeature = defineFeature({ name: 'widgets', screens: [{ path: 'widgets', ${opening} Component: lazyScreen(() => import('./WidgetsPage').then((m) => m.WidgetsPage)) }] });`;

describe("screens' openings, as the build reads them for the page sent", () => {
  it('resolves the title and lead in French, a title with values kept as its room', () => {
    const routes = readRouteChunks(appRoot);
    const opening = (path: string) => routes.find((route) => route.path === path)?.opening;
    expect(opening('home')).toEqual({ title: 'Bonjour', titleReserved: true, lead: homeTexts.intro });
    expect(opening('declarations')).toEqual({ title: 'Déclarations' });
    // A title that needs the screen's data has no opening.
    expect(opening('declarations/:id')).toBeUndefined();
    expect(opening('establishments/:id')).toBeUndefined();
  });

  it('fails the build on a key without a text or a lead with values', () => {
    const texts = { title: 'Widgets', intro: 'Pour {{name}}' };
    expect(() => readRouteChunks(appWith(widgets("opening: { title: 'widgets:missing' },"), texts))).toThrow(
      /widgets:missing/,
    );
    expect(() =>
      readRouteChunks(appWith(widgets("opening: { title: 'widgets:title', lead: 'widgets:intro' },"), texts)),
    ).toThrow(/lead cannot hold values/);
    expect(
      readRouteChunks(appWith(widgets("opening: { title: 'widgets:title' },"), texts))[0]?.opening,
    ).toEqual({
      title: 'Widgets',
    });
  });
});
