import { type Month, monthName } from '../calendar/months';
import { deFr } from '../format/french';
import type { BasisPoints, Cents } from '../money/cents';
import { formatBasisPoints, formatEuros } from '../money/format';

/**
 * French messages of the pricing rules. Each names the field (by its category's label), the value typed and
 * the bound it breaks, so an admin can fix the table without looking the law up.
 */
export const pricingMessages = {
  belowFloor: (label: string, tariff: Cents, year: number, floor: Cents) =>
    `Le tarif « ${label} » (${formatEuros(tariff)}) est inférieur au plancher légal ${year} de ${formatEuros(floor)}.`,
  aboveCeiling: (label: string, tariff: Cents, year: number, ceiling: Cents) =>
    `Le tarif « ${label} » (${formatEuros(tariff)}) dépasse le plafond légal ${year} de ${formatEuros(ceiling)}.`,
  /** When floor and ceiling are equal (campings 1 and 2 stars: 0,20 €). */
  notFixedTariff: (label: string, tariff: Cents, year: number, fixed: Cents) =>
    `Le tarif « ${label} » (${formatEuros(tariff)}) doit être égal au tarif légal ${year} de ${formatEuros(fixed)}.`,
  aboveHigherCategory: (label: string, tariff: Cents, higherLabel: string, higherTariff: Cents) =>
    `Le tarif « ${label} » (${formatEuros(tariff)}) ne peut pas dépasser celui de la catégorie supérieure « ${higherLabel} » (${formatEuros(higherTariff)}).`,
  rateBelowFloor: (label: string, rate: BasisPoints, floor: BasisPoints) =>
    `Le taux « ${label} » (${formatBasisPoints(rate)}) est inférieur au minimum légal de ${formatBasisPoints(floor)}.`,
  rateAboveCeiling: (label: string, rate: BasisPoints, ceiling: BasisPoints) =>
    `Le taux « ${label} » (${formatBasisPoints(rate)}) dépasse le maximum légal de ${formatBasisPoints(ceiling)}.`,
} as const;

/**
 * `no_pricing_for_period` for a month: names it, so the host knows which month to report and the admins which
 * tables to align (a month split between two tables has none: docs/features/declarations.md).
 */
export function noPricingForMonthMessage(year: number, month: Month): string {
  return `Aucune grille tarifaire ne couvre tout le mois ${deFr(monthName(month))} ${year} : la déclaration ne peut pas être calculée. Contactez votre collectivité.`;
}
