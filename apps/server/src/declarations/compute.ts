import {
  computeDeliberationTable,
  type DeclarationUpdate,
  declarationDeliberationAmounts,
  deliberationOfStoredPricing,
  type EstablishmentType,
  exemptionsTotalError,
  noPricingForMonthMessage,
  PG_INT_MAX,
  plausibilityErrors,
  type YearMonth,
} from '@sejour/domain';
import type { PricingRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { ComputedValues } from './repository';

const AMOUNTS_TOO_LARGE =
  'Les montants calculés pour ce mois sont trop élevés pour être enregistrés : vérifiez les nuitées et les loyers saisis.';

/** What the amounts of a done declaration were computed with: a correction keeps them. */
export interface Frozen {
  pricingId: number;
  type: EstablishmentType;
}

/**
 * The amounts of a month from what the host typed: with the establishment's type and capacity (or, for a
 * done declaration, the type it was computed with) and the pricing given.
 */
export function compute(
  establishment: { type: EstablishmentType | null; capacityMaxPerson: number | null },
  target: YearMonth,
  typed: DeclarationUpdate,
  pricing: PricingRow | null | undefined,
  frozen?: Frozen,
): ComputedValues {
  const type = frozen?.type ?? establishment.type;
  if (!type) throw new AppError('establishment_type_missing');
  if (!pricing) {
    throw new AppError('no_pricing_for_period', {
      message: noPricingForMonthMessage(target.year, target.month),
    });
  }
  const errors = plausibilityErrors(
    { type, capacityMaxPerson: establishment.capacityMaxPerson },
    target,
    typed,
  );
  if (Object.keys(errors).length > 0) throw new AppError('validation_error', { errors });
  const table = computeDeliberationTable(deliberationOfStoredPricing(pricing.payload));
  const { figures, tariffs, columns } = declarationDeliberationAmounts(type, typed, table);
  // Counts and rents are bounded one by one; their product may still exceed what an amount column holds.
  if (Object.values(columns).some((n) => n > PG_INT_MAX)) {
    throw new AppError('validation_error', { message: AMOUNTS_TOO_LARGE });
  }
  const byReason = typed.exemptionsByReason ?? null;
  const sumError = byReason && exemptionsTotalError(byReason, figures.exemptedCount);
  if (sumError) {
    throw new AppError('validation_error', {
      message: sumError,
      errors: { exemptionsByReason: sumError },
    });
  }
  return { figures, exemptionsByReason: byReason, ...columns, pricingId: pricing.id, type, tariffs };
}
