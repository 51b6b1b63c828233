import type { EstablishmentType } from '../establishments/types';
import type { PricingTable } from '../pricing/schemas';
import { computeDeclarationTax, type DeclarationTax, type UnitTariffs } from '../tax/engine';
import type { DeclarationUpdate } from './schemas';

/** The tariffs a declaration keeps: one pair per person-night, or one per band for NONE. */
export type DeclarationTariffs = UnitTariffs | { inf: UnitTariffs; sup: UnitTariffs };

export interface DeclarationAmounts {
  /** The figures as stored: only the regime's own fields, totals derived for NONE. */
  figures: DeclarationUpdate;
  tax: DeclarationTax;
  tariffs: DeclarationTariffs;
}

/**
 * The amounts of a month, as the form shows them live and the server stores them (the server recomputes and is
 * the authority). A classified type keeps `nightsCount`/`exemptedCount` and drops the bands; NONE keeps the
 * bands and derives its totals from them. Platform-collected person-nights are kept as declared and never
 * charged.
 */
export function declarationAmounts(
  type: EstablishmentType,
  typed: DeclarationUpdate,
  pricing: PricingTable,
): DeclarationAmounts {
  const figures: DeclarationUpdate =
    type === 'NONE'
      ? {
          ...typed,
          nightsCount: typed.nightsCountInf + typed.nightsCountSup,
          exemptedCount: typed.nightsCountInfMin + typed.nightsCountSupMin,
        }
      : {
          ...typed,
          nightsCountInf: 0,
          nightsCountSup: 0,
          nightsCountInfMin: 0,
          nightsCountSupMin: 0,
          prixInf: 0,
          prixSup: 0,
          prixInfMin: 0,
          prixSupMin: 0,
        };
  const tax = computeDeclarationTax({ type, figures, pricing });
  const tariffs: DeclarationTariffs =
    tax.regime === 'classified' ? tax.tariffs : { inf: tax.bands.inf.tariffs, sup: tax.bands.sup.tariffs };
  return { figures, tax, tariffs };
}

/** All zero: a month closed or without guests. */
export const NOTHING_DECLARED: DeclarationUpdate = {
  personCount: 0,
  nightsCount: 0,
  exemptedCount: 0,
  nightsCountInf: 0,
  nightsCountSup: 0,
  nightsCountInfMin: 0,
  nightsCountSupMin: 0,
  prixInf: 0,
  prixSup: 0,
  prixInfMin: 0,
  prixSupMin: 0,
  platformNightsCount: 0,
};
