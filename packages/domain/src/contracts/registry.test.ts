import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodesOf, isOpenToHosts, pathOf } from './contract';
import { allContracts } from './registry';

describe('the contract registry', () => {
  it('names each endpoint once, with a summary', () => {
    const keys = allContracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const contract of allContracts) expect(contract.summary.length, contract.path).toBeGreaterThan(3);
  });

  it('every :id open to hosts says what it owns; every path parameter has a schema', () => {
    for (const contract of allContracts) {
      if (contract.path.includes(':')) expect(contract.params, contract.path).toBeDefined();
      if (contract.path.includes(':id') && isOpenToHosts(contract.access)) {
        expect(contract.owns, contract.path).toBeDefined();
      }
    }
  });

  it('a list answers an array of rows', () => {
    for (const contract of allContracts.filter((c) => c.envelope === 'list')) {
      expect(contract.response, contract.path).toBeInstanceOf(z.ZodArray);
    }
  });
});

describe('errorCodesOf', () => {
  it('adds what the access rule and the ownership imply', () => {
    const codes = errorCodesOf({
      method: 'GET',
      path: '/things/:id',
      summary: 'Une chose',
      tags: [],
      access: 'admin',
      owns: 'establishment',
      response: z.null(),
      errors: ['conflict'],
    });
    expect(codes).toEqual(expect.arrayContaining(['conflict', 'unauthorized', 'forbidden', 'not_found']));
  });
});

describe('pathOf', () => {
  it('fills the parameters, encoded, and refuses a missing one', () => {
    expect(pathOf('/users/:id/archive', { id: 7 })).toBe('/users/7/archive');
    expect(pathOf('/files/:name', { name: 'a b/c' })).toBe('/files/a%20b%2Fc');
    expect(() => pathOf('/users/:id', {})).toThrow(/id/);
  });
});
