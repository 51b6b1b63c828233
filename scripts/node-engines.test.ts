import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/**
 * `npm install` on the Node the README promises must print no EBADENGINE warning: every package the lock file
 * installs accepts the lowest supported Node. Checked with npm's own range semantics (the `semver` package npm
 * uses), in a child process because it is a transitive dependency without types.
 */
describe('supported Node version', () => {
  it('every locked package accepts the lowest Node of the root engines field', () => {
    const rootEngines = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).engines
      .node as string;
    const lowest = rootEngines.replace(/^>=\s*/, '');
    expect(lowest).toMatch(/^\d+\.\d+(\.\d+)?$/);
    const script = `
      const semver = require('semver');
      const lock = require(${JSON.stringify(resolve(root, 'package-lock.json'))});
      const refused = Object.entries(lock.packages)
        .filter(([path, entry]) => path && entry.engines && entry.engines.node)
        .filter(([, entry]) => !semver.satisfies(semver.coerce(${JSON.stringify(lowest)}), entry.engines.node))
        .map(([path, entry]) => path + ' ' + entry.engines.node);
      process.stdout.write(JSON.stringify(refused));
    `;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });
});
