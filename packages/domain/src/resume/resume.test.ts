import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueDateOf } from './due-date';
import { isValidPaymentReference, paymentReference } from './payment-reference';

describe('payment references', () => {
  it('accept the ISO 11649 standard example and refuse a mistyped one', () => {
    expect(isValidPaymentReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidPaymentReference('RF18 5390 0754 7035')).toBe(false);
  });

  it('are stable, valid, and unique per provider and semester', () => {
    expect(paymentReference(123, 2026, 1)).toBe(paymentReference(123, 2026, 1));
    expect(paymentReference(123, 2026, 1)).toMatch(/^RF\d{2}TS2026S1P0000123$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_147_483_647 }),
        fc.integer({ min: 2000, max: 2100 }),
        fc.constantFrom(1 as const, 2 as const),
        (id, year, semester) => {
          const reference = paymentReference(id, year, semester);
          expect(isValidPaymentReference(reference)).toBe(true);
          expect(reference).not.toBe(paymentReference(id + 1, year, semester));
          expect(reference).not.toBe(paymentReference(id, year, semester === 1 ? 2 : 1));
        },
      ),
    );
  });

  it('catch any single changed character', () => {
    const reference = paymentReference(4567, 2026, 2);
    for (let i = 4; i < reference.length; i++) {
      const char = reference[i]!;
      const other = /\d/.test(char) ? String((Number(char) + 1) % 10) : char === 'S' ? 'T' : 'S';
      expect(isValidPaymentReference(reference.slice(0, i) + other + reference.slice(i + 1))).toBe(false);
    }
  });
});

describe('due dates', () => {
  it('count the delay from the semester’s last day', () => {
    expect(dueDateOf(2026, 1, 30)).toBe('2026-07-30');
    expect(dueDateOf(2026, 2, 31)).toBe('2027-01-31');
    expect(dueDateOf(2026, 1, 0)).toBe('2026-06-30');
  });
});
