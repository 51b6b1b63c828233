import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodesOf, inputFieldsOf, isOpenToHosts, pathOf } from './contract';
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

  it('every id a body or query carries is declared in ownsInput, and only fields that exist are', () => {
    // A new owner chosen by an admin is a value the service checks (a host's id), not a resource touched.
    const notOwned = new Set([
      'POST /establishments userId',
      'PUT /establishments/:id userId',
      'POST /reports/:id/accept providerId',
    ]);
    for (const contract of allContracts) {
      const fields = [...inputFieldsOf(contract.body), ...inputFieldsOf(contract.query)];
      for (const field of fields.filter((name) => /Id$/.test(name))) {
        const key = `${contract.method} ${contract.path} ${field}`;
        if (!notOwned.has(key)) expect(contract.ownsInput?.[field], key).toBeDefined();
      }
      for (const field of Object.keys(contract.ownsInput ?? {})) {
        expect(fields, `${contract.method} ${contract.path}`).toContain(field);
      }
      if (contract.access === 'public') expect(contract.ownsInput).toBeUndefined();
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

  it('an id carried in the body or query may answer not_found', () => {
    const codes = errorCodesOf({
      method: 'GET',
      path: '/things',
      summary: 'Des choses',
      tags: [],
      access: 'user',
      query: z.object({ userId: z.number() }),
      ownsInput: { userId: 'user' },
      response: z.null(),
      errors: [],
    });
    expect(codes).toContain('not_found');
  });
});

describe('pathOf', () => {
  it('fills the parameters, encoded, and refuses a missing one', () => {
    expect(pathOf('/users/:id/archive', { id: 7 })).toBe('/users/7/archive');
    expect(pathOf('/files/:name', { name: 'a b/c' })).toBe('/files/a%20b%2Fc');
    expect(() => pathOf('/users/:id', {})).toThrow(/id/);
  });
});
