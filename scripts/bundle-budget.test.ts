import { describe, expect, it } from 'vitest';
import {
  backUnderTarget,
  firstVisits,
  KIB,
  LOGIN_BUDGET,
  type Manifest,
  type ManifestChunk,
  overBudget,
  SCREEN_BUDGET,
  SCREEN_MAX_FILES,
  sizeVisits,
  unstyledChunks,
  unstyledMantineClasses,
} from './bundle-budget';

/** A build of an entry, a shared chunk, the lazy app, the shell, the login route and two screens. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/App.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_mantine.js': { file: 'assets/mantine.js', css: ['assets/mantine.css'] },
  'src/app/App.tsx': {
    file: 'assets/App.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_mantine.js'],
    dynamicImports: [
      'src/auth/LoginPage.tsx',
      'src/app/shell/Shell.tsx',
      'src/users/UsersPage.tsx',
      'src/home/HomePage.tsx',
    ],
  },
  'src/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/app/shell/Shell.tsx': { file: 'assets/Shell.js', isDynamicEntry: true, css: ['assets/Shell.css'] },
  'src/users/UsersPage.tsx': { file: 'assets/UsersPage.js', isDynamicEntry: true, imports: ['_table.js'] },
  '_table.js': { file: 'assets/table.js' },
  'src/home/HomePage.tsx': { file: 'assets/HomePage.js', isDynamicEntry: true },
};

describe('bundle budgets', () => {
  it('counts the entry, the lazy chunks on the way, the shell and their static imports and CSS', () => {
    const visits = Object.fromEntries(firstVisits(manifest, {}).map((visit) => [visit.screen, visit]));
    expect(visits.login?.files).toEqual(['assets/index.css', 'assets/index.js', 'assets/react.js']);
    expect(visits.login?.budget).toBe(LOGIN_BUDGET);
    expect(visits['users/UsersPage']?.files).toEqual([
      'assets/App.js',
      'assets/Shell.css',
      'assets/Shell.js',
      'assets/UsersPage.js',
      'assets/index.css',
      'assets/index.js',
      'assets/mantine.css',
      'assets/mantine.js',
      'assets/react.js',
      'assets/table.js',
    ]);
    expect(visits['users/UsersPage']?.budget).toBe(SCREEN_BUDGET);
    expect(Object.keys(visits)).toEqual(['login', 'home/HomePage', 'users/UsersPage']);
  });

  it('passes a build within its budgets', () => {
    const sizes = sizeVisits(firstVisits(manifest, {}), () => 5 * KIB);
    expect(overBudget(sizes)).toEqual([]);
  });

  it('fails a build whose login or screen is over budget, naming the screen and its sizes', () => {
    const heavyTable = (file: string) =>
      file === 'assets/react.js' ? 96 * KIB : file === 'assets/table.js' ? 200 * KIB : KIB;
    expect(overBudget(sizeVisits(firstVisits(manifest, {}), heavyTable))).toEqual([
      'users/UsersPage: 304.0 KiB gzip (JS 301.0 KiB, CSS 3.0 KiB) is over its budget of 250.0 KiB',
    ]);
    const heavierLogin = (file: string) => (file === 'assets/react.js' ? 99 * KIB : KIB);
    expect(overBudget(sizeVisits(firstVisits(manifest, {}), heavierLogin))).toEqual([
      'login: 101.0 KiB gzip (JS 100.0 KiB, CSS 1.0 KiB) is over its budget of 100.0 KiB',
    ]);
  });

  it('holds a screen over the target at its ceiling, and says when it is back under the target', () => {
    const ceilings = { 'users/UsersPage': 310 * KIB };
    const heavyTable = (file: string) => (file === 'assets/table.js' ? 300 * KIB : KIB);
    const held = sizeVisits(firstVisits(manifest, ceilings), heavyTable);
    expect(overBudget(held)).toEqual([]);
    expect(backUnderTarget(held)).toEqual([]);
    const heavier = (file: string) => (file === 'assets/table.js' ? 305 * KIB : KIB);
    expect(overBudget(sizeVisits(firstVisits(manifest, ceilings), heavier))).toEqual([
      'users/UsersPage: 314.0 KiB gzip (JS 311.0 KiB, CSS 3.0 KiB) is over its budget of 310.0 KiB',
    ]);
    const lighter = sizeVisits(firstVisits(manifest, ceilings), () => KIB);
    expect(backUnderTarget(lighter)).toEqual(['users/UsersPage']);
  });

  it('leaves the shell out of a public screen, which does not load it', () => {
    const visits = firstVisits(manifest, {}, new Set(['src/home/HomePage.tsx']));
    expect(visits.find((visit) => visit.screen === 'home/HomePage')?.files).not.toContain('assets/Shell.js');
    expect(visits.find((visit) => visit.screen === 'users/UsersPage')?.files).toContain('assets/Shell.js');
  });

  it('fails a screen whose first visit makes more requests than its ceiling, not the login', () => {
    const many: Manifest = { ...manifest };
    const shared = Array.from({ length: SCREEN_MAX_FILES }, (_, i) => `_part${i}.js`);
    for (const key of shared) many[key] = { file: `assets/${key.slice(1)}` };
    many['src/users/UsersPage.tsx'] = {
      ...(manifest['src/users/UsersPage.tsx'] as ManifestChunk),
      imports: shared,
    };
    const sizes = sizeVisits(firstVisits(many, {}), () => 100);
    expect(overBudget(sizes)).toEqual([
      `users/UsersPage: ${SCREEN_MAX_FILES + 9} files on a first visit, over its ${SCREEN_MAX_FILES}`,
    ]);
    expect(sizes.find((visit) => visit.screen === 'login')?.maxFiles).toBeUndefined();
  });

  it('refuses a manifest without an entry', () => {
    expect(() => firstVisits({})).toThrow(/build the web app first/);
  });
});

describe('Mantine stylesheets', () => {
  it('names the classes the scripts use and no stylesheet defines', () => {
    const scripts = ['const root = "m_77c9d27d", label = "m_811560b9";', 'x("m_8d3f4000")'];
    expect(unstyledMantineClasses(scripts, ['.m_77c9d27d{}.m_811560b9 span{}'])).toEqual(['m_8d3f4000']);
    expect(unstyledMantineClasses(scripts, ['.m_77c9d27d{}.m_811560b9{}', '.m_8d3f4000{}'])).toEqual([]);
  });

  it('checks each chunk against the stylesheets loaded with it, not any stylesheet of the build', () => {
    // The table's class is defined by the shell's sheet alone: the table's chunk (and the screen that
    // imports it) can load without the shell's chunk, so it is reported; defined by the app's shared
    // Mantine sheet, it is not.
    const texts: Record<string, string> = {
      'assets/table.js': 'x("m_8d3f4000")',
      'assets/Shell.js': 'x("m_8d3f4000")',
      'assets/Shell.css': '.m_8d3f4000{}',
    };
    const read = (file: string) => texts[file] ?? '';
    expect(unstyledChunks(manifest, read)).toEqual([
      'src/users/UsersPage.tsx: m_8d3f4000',
      '_table.js: m_8d3f4000',
    ]);
    texts['assets/mantine.css'] = '.m_8d3f4000{}';
    expect(unstyledChunks(manifest, read)).toEqual([]);
  });
});
