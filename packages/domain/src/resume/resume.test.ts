import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAmounts, amountsMismatches, noticeAmounts, ZERO_AMOUNTS } from './amounts';
import { dueDateOf, dueDateWording, isProvisionalNotice, noticeDueDate, semesterEnd } from './due-date';
import { fileNamePart, noticeFileName } from './file-names';
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
  it('announce the semester’s deadline: the delay from its last day', () => {
    expect(dueDateOf(2026, 1, 30)).toBe('2026-07-30');
    expect(dueDateOf(2026, 2, 31)).toBe('2027-01-31');
    expect(semesterEnd(2024, 1)).toBe('2024-06-30');
  });

  it('of a notice issued after the semester’s deadline count the delay from the issue date', () => {
    expect(noticeDueDate({ year: 2026, semester: 1, issuedOn: '2026-11-25', dueDays: 30 })).toBe(
      '2026-12-25',
    );
    expect(noticeDueDate({ year: 2025, semester: 2, issuedOn: '2026-02-20', dueDays: 10 })).toBe(
      '2026-03-02',
    );
  });

  it('of a notice issued early keep the semester’s deadline', () => {
    expect(noticeDueDate({ year: 2026, semester: 1, issuedOn: '2026-03-15', dueDays: 30 })).toBe(
      '2026-07-30',
    );
    expect(noticeDueDate({ year: 2026, semester: 1, issuedOn: '2026-06-30', dueDays: 30 })).toBe(
      '2026-07-30',
    );
  });

  it('are never already past on the day the notice is issued, whatever the delay', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2035 }),
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 0, max: 20 * 366 }),
        fc.integer({ min: 1, max: 365 }),
        (year, semester, offset, dueDays) => {
          const issuedOn = new Date(Date.UTC(2020, 0, 1) + offset * day).toISOString().slice(0, 10);
          const due = noticeDueDate({ year, semester, issuedOn, dueDays });
          expect(due > issuedOn).toBe(true);
          expect(due >= dueDateOf(year, semester, dueDays)).toBe(true);
        },
      ),
    );
  });

  it('read the same wherever a notice shows them', () => {
    expect(dueDateWording('2026-07-30')).toBe('À payer au plus tard le 30 juillet 2026');
    expect(dueDateWording('2027-01-01')).toBe('À payer au plus tard le 1er janvier 2027');
  });
});

describe('provisional notices', () => {
  it('are those of a semester not over on the issue date', () => {
    expect(isProvisionalNotice(2026, 1, '2026-03-15')).toBe(true);
    expect(isProvisionalNotice(2026, 1, '2026-06-30')).toBe(true);
    expect(isProvisionalNotice(2026, 1, '2026-07-01')).toBe(false);
    expect(isProvisionalNotice(2026, 2, '2026-03-15')).toBe(true);
    expect(isProvisionalNotice(2025, 2, '2026-01-01')).toBe(false);
  });
});

describe('the figures of a notice', () => {
  it('add up: person-nights are taxable, exempted or via platforms; the total is both shares', () => {
    const line = noticeAmounts({
      directNights: 310,
      taxableNights: 285,
      platformNightsCount: 40,
      ccAmount: 28_500,
      moselleAmount: 2_850,
      totalAmount: 31_350,
    });
    expect(line).toMatchObject({ nightsCount: 350, exemptedNights: 25, taxableNights: 285 });
    expect(amountsMismatches(line)).toEqual([]);
  });

  it('still add up once summed, for any stored sums', () => {
    const sums = fc
      .record({
        taxableNights: fc.nat(10_000),
        exempted: fc.nat(10_000),
        platformNightsCount: fc.nat(10_000),
        ccAmount: fc.nat(1_000_000),
        moselleAmount: fc.nat(100_000),
      })
      .map(({ exempted, ...s }) => ({
        ...s,
        directNights: s.taxableNights + exempted,
        totalAmount: s.ccAmount + s.moselleAmount,
      }));
    fc.assert(
      fc.property(fc.array(sums, { maxLength: 12 }), (lines) => {
        const total = lines.map(noticeAmounts).reduce(addAmounts, ZERO_AMOUNTS);
        expect(amountsMismatches(total)).toEqual([]);
      }),
    );
  });

  it('that do not add up are named', () => {
    const coherent = noticeAmounts({
      directNights: 10,
      taxableNights: 8,
      platformNightsCount: 2,
      ccAmount: 800,
      moselleAmount: 80,
      totalAmount: 880,
    });
    expect(amountsMismatches({ ...coherent, nightsCount: 10 })).toEqual(['nights']);
    expect(amountsMismatches({ ...coherent, totalAmount: 800 })).toEqual(['total']);
  });
});

describe('notice file names', () => {
  it('tell one provider’s notice from the whole semester’s', () => {
    expect(noticeFileName({ year: 2026, semester: 1 })).toBe('avis-2026-S1-tous.pdf');
    expect(noticeFileName({ year: 2026, semester: 2 }, 'Gîtes du Lac')).toBe('avis-2026-S2-gites-du-lac.pdf');
    expect(noticeFileName({ year: 2026, semester: 1 }, 'L’Écrin « Vert » & Cie')).toBe(
      'avis-2026-S1-l-ecrin-vert-cie.pdf',
    );
    expect(noticeFileName({ year: 2026, semester: 1 }, '***')).toBe('avis-2026-S1-hebergeur.pdf');
  });

  it('never call a provider "tous"', () => {
    expect(fileNamePart('Tous')).toBe('tous');
    expect(noticeFileName({ year: 2026, semester: 1 }, 'Tous')).not.toBe(
      noticeFileName({ year: 2026, semester: 1 }),
    );
  });
});
