import { guessColumnMapping } from '@sejour/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { recallMapping, rememberMapping } from './mapping-memory';

const headers = ['Du', 'Au', 'Occupants', 'Tarif total', 'Canal'];

describe('the import’s remembered columns', () => {
  beforeEach(() => localStorage.clear());

  it('maps the same header as the host left it, per user', () => {
    const guessed = guessColumnMapping(headers);
    expect(guessed.price).toBeNull();
    rememberMapping(7, headers, { ...guessed, price: 3, arrival: null });
    expect(recallMapping(7, headers, guessed)).toEqual({ ...guessed, price: 3, arrival: null });
    // Another host on the same browser keeps the guess.
    expect(recallMapping(8, headers, guessed)).toEqual(guessed);
    expect(recallMapping(undefined, headers, guessed)).toEqual(guessed);
  });

  it('completes another header by the names chosen last, wherever the column now is', () => {
    rememberMapping(7, headers, { ...guessColumnMapping(headers), price: 3 });
    const moved = ['Tarif total', 'Du', 'Au', 'Occupants'];
    expect(recallMapping(7, moved, guessColumnMapping(moved))).toMatchObject({
      price: 0,
      arrival: 1,
      departure: 2,
      persons: 3,
    });
  });

  it('ignores a stored value that is not its own', () => {
    localStorage.setItem('sejour.import-columns.7', '{not json');
    const guessed = guessColumnMapping(headers);
    expect(recallMapping(7, headers, guessed)).toEqual(guessed);
  });
});
