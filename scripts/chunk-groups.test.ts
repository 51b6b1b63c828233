import { describe, expect, it } from 'vitest';
import { type GroupedModule, groupModules, UsedGraph } from '../apps/web/chunk-groups';

/** A graph: the entry (React), the app, two screens taking names from a barrel, and a lazy dialog. */
const modules: Record<string, GroupedModule> = {
  '/app/src/main.tsx': { code: 'import "react";', importedIds: ['/nm/react/index.js'], dynamicImporters: [] },
  '/nm/react/index.js': {
    code: 'export const x = 1;',
    importedIds: [],
    dynamicImporters: [],
    exports: ['x'],
  },
  '/app/src/app/App.tsx': {
    code: 'import { Button } from "./ui";',
    importedIds: ['/app/src/app/ui/index.ts'],
    dynamicImporters: ['/app/src/main.tsx'],
  },
  '/app/src/app/ui/index.ts': {
    code: 'export { Button } from "./Button";\nexport { Table } from "./Table";\nexport * from "./format";',
    importedIds: ['/app/src/app/ui/Button.tsx', '/app/src/app/ui/Table.tsx', '/app/src/app/ui/format.ts'],
    dynamicImporters: [],
  },
  '/app/src/app/ui/Button.tsx': {
    code: 'x',
    importedIds: ['/nm/react/index.js'],
    dynamicImporters: [],
    exports: ['Button'],
  },
  '/app/src/app/ui/Table.tsx': { code: 'xx', importedIds: [], dynamicImporters: [], exports: ['Table'] },
  '/app/src/app/ui/format.ts': {
    code: 'xxx',
    importedIds: [],
    dynamicImporters: [],
    exports: ['formatDate'],
  },
  '/app/src/a/APage.tsx': {
    code: 'import { Table, formatDate } from "../app/ui";\nimport { Dialog } from "./Dialog";',
    importedIds: ['/app/src/app/ui/index.ts', '/app/src/a/Dialog.tsx'],
    dynamicImporters: ['/app/src/app/App.tsx'],
  },
  '/app/src/b/BPage.tsx': {
    code: 'import { Table } from "../app/ui";',
    importedIds: ['/app/src/app/ui/index.ts'],
    dynamicImporters: ['/app/src/app/App.tsx'],
  },
  '/app/src/a/Dialog.tsx': { code: 'x', importedIds: [], dynamicImporters: [], exports: ['Dialog'] },
};
const info = (id: string) => modules[id] ?? null;
const visit = (name: string, maxFiles = 10) => ({
  name,
  roots: ['/app/src/app/App.tsx', `/app/src/${name}.tsx`],
  maxFiles,
});

describe('chunk groups of the first visits', () => {
  it('follows a barrel to the modules that define the names taken from it', () => {
    const graph = new UsedGraph(info);
    expect([...graph.closure(['/app/src/b/BPage.tsx'])].sort()).toEqual([
      '/app/src/app/ui/Table.tsx',
      '/app/src/app/ui/index.ts',
      '/app/src/b/BPage.tsx',
    ]);
  });

  it('groups what the same visits load, and leaves the entry, the lazy modules and one screen’s own alone', () => {
    const { groupOf } = groupModules(new UsedGraph(info), info, '/app/src/main.tsx', [
      visit('a/APage'),
      visit('b/BPage'),
    ]);
    expect(groupOf.get('/app/src/app/ui/Button.tsx')).toBe(groupOf.get('/app/src/app/ui/Table.tsx'));
    expect(groupOf.get('/app/src/app/ui/Button.tsx')).toBeDefined();
    for (const alone of [
      '/nm/react/index.js',
      '/app/src/app/App.tsx',
      '/app/src/a/APage.tsx',
      '/app/src/app/ui/format.ts',
      '/app/src/a/Dialog.tsx',
    ]) {
      expect(groupOf.get(alone)).toBeUndefined();
    }
  });

  it('merges groups while a visit would make more requests than it may', () => {
    const three: Record<string, GroupedModule> = {
      ...modules,
      '/app/src/c/CPage.tsx': {
        code: 'import { formatDate } from "../app/ui";',
        importedIds: ['/app/src/app/ui/index.ts'],
        dynamicImporters: ['/app/src/app/App.tsx'],
      },
    };
    const look = (id: string) => three[id] ?? null;
    const visits = [visit('a/APage'), visit('b/BPage'), visit('c/CPage')];
    const apart = groupModules(new UsedGraph(look), look, '/app/src/main.tsx', visits);
    expect(apart.groups.size).toBe(3);
    const merged = groupModules(
      new UsedGraph(look),
      look,
      '/app/src/main.tsx',
      visits.map((one) => ({ ...one, maxFiles: 2 })),
    );
    expect(merged.groups.size).toBe(2);
  });
});
