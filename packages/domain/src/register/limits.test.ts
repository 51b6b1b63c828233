import { describe, expect, it } from 'vitest';
import { STAYS_PER_YEAR_MAX, staysLimitMessage, staysPerYearLimit } from './limits';

describe('stays a register may hold per year', () => {
  it('places × nights of the year, leap years included', () => {
    expect(staysPerYearLimit(6, 2025).max).toBe(6 * 365);
    expect(staysPerYearLimit(6, 2024).max).toBe(6 * 366);
    expect(staysPerYearLimit(6, 2100).max).toBe(6 * 365);
  });

  it('an unknown or zero capacity counts 100 places; a huge one is capped', () => {
    expect(staysPerYearLimit(null, 2025)).toMatchObject({ max: 36_500, capacityKnown: false });
    expect(staysPerYearLimit(0, 2025)).toMatchObject({ max: 36_500, capacityKnown: false });
    expect(staysPerYearLimit(1_000_000, 2025).max).toBe(STAYS_PER_YEAR_MAX);
  });

  it('the message names the bound, its basis and what the write adds', () => {
    const message = staysLimitMessage(2025, staysPerYearLimit(6, 2025), { existing: 2_000, added: 500 });
    expect(message).toBe(
      'Le registre compte au plus 2\u202f190 séjours arrivés en 2025 (6 personnes × 365 nuits) : il en a déjà ' +
        '2\u202f000, 500 de plus dépasseraient la limite. Vérifiez que le fichier n’a pas déjà été importé, ou ' +
        'faites corriger la capacité de l’établissement.',
    );
    expect(staysLimitMessage(2025, staysPerYearLimit(null, 2025), { existing: 0, added: 1 })).toContain(
      'capacité non renseignée : 100 personnes × 365 nuits retenues',
    );
  });
});
