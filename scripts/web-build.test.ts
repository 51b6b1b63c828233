import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from './bundle-budget';
import { readWebBuild } from './web-build';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/App.tsx'] },
  'src/app/App.tsx': {
    file: 'assets/App.js',
    isDynamicEntry: true,
    dynamicImports: ['src/app/shell/Shell.tsx', 'src/users/UsersPage.tsx', 'src/reports/PublicFormPage.tsx'],
  },
  'src/app/shell/Shell.tsx': { file: 'assets/Shell.js', isDynamicEntry: true },
  'src/users/UsersPage.tsx': { file: 'assets/UsersPage.js', isDynamicEntry: true },
  'src/reports/PublicFormPage.tsx': { file: 'assets/PublicFormPage.js', isDynamicEntry: true },
};

let dist: string | undefined;
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

function build(routes?: { source: string; inShell: boolean }[]): string {
  dist = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (routes) writeFileSync(join(dist, '.vite', 'routes.json'), JSON.stringify({ routes }));
  for (const chunk of Object.values(manifest)) writeFileSync(join(dist, chunk.file), `// ${chunk.file}`);
  return dist;
}

const filesOf = (visits: ReturnType<typeof readWebBuild>['visits'], screen: string) =>
  visits.find((visit) => visit.screen === screen)?.files;

describe('the web build as the budgets read it', () => {
  it('leaves the shell out of a public screen the build lists outside it', () => {
    const { visits } = readWebBuild(
      build([
        { source: 'src/users/UsersPage.tsx', inShell: true },
        { source: 'src/reports/PublicFormPage.tsx', inShell: false },
      ]),
    );
    expect(filesOf(visits, 'users/UsersPage')).toContain('assets/Shell.js');
    expect(filesOf(visits, 'reports/PublicFormPage')).not.toContain('assets/Shell.js');
    expect(filesOf(visits, 'reports/PublicFormPage')).toContain('assets/PublicFormPage.js');
  });

  it('counts the shell for every screen of a build without the routes file', () => {
    const { visits } = readWebBuild(build());
    expect(filesOf(visits, 'reports/PublicFormPage')).toContain('assets/Shell.js');
  });

  it('says to build first when there is no manifest', () => {
    dist = mkdtempSync(join(tmpdir(), 'web-build-'));
    expect(() => readWebBuild(dist)).toThrow(/build the web app first/);
  });
});
