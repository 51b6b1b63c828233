import { type ComponentTotals, componentsSum } from './components';
import type { ResumeAmounts } from './schemas';

/** The sums a declaration keeps, as stored: `nightsCount` counts the direct person-nights only. */
export interface StoredDeclarationSums {
  /** Direct person-nights (booked without a platform), exempted ones included. */
  directNights: number;
  taxableNights: number;
  platformNightsCount: number;
  ccAmount: number;
  moselleAmount: number;
  totalAmount: number;
}

/**
 * What a notice shows of stored sums, so that its figures add up on their face: every person-night is taxable,
 * exempted or booked through a platform that collected the tax.
 */
export function noticeAmounts(sums: StoredDeclarationSums): ResumeAmounts {
  return {
    nightsCount: sums.directNights + sums.platformNightsCount,
    exemptedNights: sums.directNights - sums.taxableNights,
    taxableNights: sums.taxableNights,
    platformNightsCount: sums.platformNightsCount,
    ccAmount: sums.ccAmount,
    moselleAmount: sums.moselleAmount,
    totalAmount: sums.totalAmount,
  };
}

/**
 * The figures of a notice line, a subtotal or a total that do not add up (none: it is coherent):
 * person-nights = taxable + exempted + via platforms, and total = the collectivity's share + the departmental
 * one — or + every component, when they are given.
 */
export function amountsMismatches(
  amounts: ResumeAmounts,
  components?: ComponentTotals,
): Array<'nights' | 'total'> {
  const mismatches: Array<'nights' | 'total'> = [];
  if (amounts.nightsCount !== amounts.taxableNights + amounts.exemptedNights + amounts.platformNightsCount)
    mismatches.push('nights');
  const additional = components ? componentsSum(components) : amounts.moselleAmount;
  if (amounts.totalAmount !== amounts.ccAmount + additional) mismatches.push('total');
  return mismatches;
}

export const ZERO_AMOUNTS: ResumeAmounts = {
  nightsCount: 0,
  exemptedNights: 0,
  taxableNights: 0,
  platformNightsCount: 0,
  ccAmount: 0,
  moselleAmount: 0,
  totalAmount: 0,
};

export function addAmounts(a: ResumeAmounts, b: ResumeAmounts): ResumeAmounts {
  return {
    nightsCount: a.nightsCount + b.nightsCount,
    exemptedNights: a.exemptedNights + b.exemptedNights,
    taxableNights: a.taxableNights + b.taxableNights,
    platformNightsCount: a.platformNightsCount + b.platformNightsCount,
    ccAmount: a.ccAmount + b.ccAmount,
    moselleAmount: a.moselleAmount + b.moselleAmount,
    totalAmount: a.totalAmount + b.totalAmount,
  };
}

/**
 * The words of the amounts' columns, one term per thing on every screen, notice and export: the collectivity's
 * share is the "part intercommunale" (the words used by the pricing tables).
 */
export const AMOUNT_LABELS = {
  nights: 'Nuitées',
  taxable: 'Nuitées taxables',
  exempted: 'Nuitées exonérées',
  platform: 'Nuitées via plateformes',
  cc: 'Part intercommunale',
  moselle: 'Taxe additionnelle départementale',
  /** Every component together, where the departmental one is not alone (each is detailed under its label). */
  components: 'Taxes additionnelles',
  byComponent: 'Détail par composante',
  byReason: 'Nuitées exonérées par motif',
  total: 'Total',
} as const;
