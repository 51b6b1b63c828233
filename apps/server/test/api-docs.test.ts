import { readFileSync } from 'node:fs';
import { allContracts } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from '../src/http/api-docs';
import { useApp } from './fixture';

describe('docs/api.md', () => {
  it('is the one generated from the contracts (run `npm run docs:api` after changing one)', () => {
    const committed = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderApiDocs());
  });
});

describe('the OpenAPI document', () => {
  const t = useApp();

  it('describes every contract with its summary', async () => {
    const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const contract of allContracts) {
      const path = `/api${contract.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = document.paths[path]?.[contract.method.toLowerCase()];
      expect(operation?.summary, `${contract.method} ${path}`).toBe(contract.summary);
    }
  });
});
