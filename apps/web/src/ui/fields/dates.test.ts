import { describe, expect, it } from 'vitest';
import { parseFrenchDate } from './dates';

describe('French dates', () => {
  it('reads jj/mm/aaaa into an ISO date', () => {
    expect(parseFrenchDate('31/01/2026')).toBe('2026-01-31');
    expect(parseFrenchDate('1/2/2026')).toBe('2026-02-01');
    expect(parseFrenchDate('29.02.2024')).toBe('2024-02-29');
  });

  it('refuses dates that do not exist', () => {
    expect(parseFrenchDate('30/02/2026')).toBeNull();
    expect(parseFrenchDate('2026-01-31')).toBeNull();
    expect(parseFrenchDate('demain')).toBeNull();
  });
});
