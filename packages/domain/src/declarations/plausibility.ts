import { daysInMonth } from '../calendar/dates';
import { monthName } from '../calendar/months';
import type { FieldErrors } from '../errors';
import type { NullableEstablishmentType } from '../establishments/types';
import { formatInteger } from '../money/format';
import { monthCapacity, type YearMonth } from './calendar';
import type { DeclarationUpdate } from './schemas';

/** What the plausibility rules need to know of the establishment. */
export interface DeclaredEstablishment {
  type: NullableEstablishmentType;
  capacityMaxPerson: number | null;
}

/** Person-nights of direct bookings, as the establishment's regime counts them. */
export function directNights(type: NullableEstablishmentType, figures: DeclarationUpdate): number {
  return type === 'NONE' ? figures.nightsCountInf + figures.nightsCountSup : figures.nightsCount;
}

/**
 * Figures an establishment cannot have produced: more person-nights (direct and through platforms) than its
 * places allow over the month's nights. The message names the capacity so the host sees which one to correct —
 * the figures, or (through an admin) the capacity.
 */
export function plausibilityErrors(
  establishment: DeclaredEstablishment,
  target: YearMonth,
  figures: DeclarationUpdate,
): FieldErrors {
  const errors: FieldErrors = {};
  const capacity = establishment.capacityMaxPerson;
  if (capacity === null || capacity <= 0) return errors;
  const max = monthCapacity(capacity, target);
  const direct = directNights(establishment.type, figures);
  const message = `Au plus ${formatInteger(max)} nuitées en ${monthName(target.month)} : la capacité de l’établissement est de ${formatInteger(capacity)} personnes × ${daysInMonth(target.year, target.month)} nuits.`;
  if (direct > max) {
    const field =
      establishment.type !== 'NONE'
        ? 'nightsCount'
        : figures.nightsCountSup > 0
          ? 'nightsCountSup'
          : 'nightsCountInf';
    errors[field] = message;
  } else if (direct + figures.platformNightsCount > max) {
    errors.platformNightsCount = message;
  }
  return errors;
}
