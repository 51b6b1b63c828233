import { daysInMonth } from '../calendar/dates';
import { formatInteger } from '../money/format';

/**
 * How many stays an establishment's register may hold for one year (stays counted by their arrival). Every stay
 * takes at least one place for at least one night, so a year holds at most places × nights of the year of them;
 * beyond that the register is wrong (a file imported twice) or is being filled to weigh on the server.
 */

/** The places assumed when the establishment's capacity is not known (a large guest house). */
export const STAYS_LIMIT_DEFAULT_PLACES = 100;
/** Whatever the capacity: more stays a year than a 1 000-place hotel records is no plausible register. */
export const STAYS_PER_YEAR_MAX = 100_000;

/** 365 or 366: the eleven other months have 337 days. */
const nightsOfYear = (year: number) => 337 + daysInMonth(year, 2);

export interface StaysLimit {
  /** Stays arriving in the year the register may hold. */
  max: number;
  places: number;
  nights: number;
  /** The places are the establishment's capacity (else the default). */
  capacityKnown: boolean;
}

export function staysPerYearLimit(capacityMaxPerson: number | null, year: number): StaysLimit {
  const capacityKnown = capacityMaxPerson !== null && capacityMaxPerson > 0;
  const places = capacityKnown ? capacityMaxPerson : STAYS_LIMIT_DEFAULT_PLACES;
  const nights = nightsOfYear(year);
  return { max: Math.min(places * nights, STAYS_PER_YEAR_MAX), places, nights, capacityKnown };
}

/** Why the register refuses more stays in a year: the bound, where it comes from, and what the write adds. */
export function staysLimitMessage(
  year: number,
  limit: StaysLimit,
  counts: { existing: number; added: number },
): string {
  const basis =
    limit.max < limit.places * limit.nights
      ? 'le plafond de tout établissement'
      : limit.capacityKnown
        ? `${formatInteger(limit.places)} personnes × ${limit.nights} nuits`
        : `capacité non renseignée : ${formatInteger(limit.places)} personnes × ${limit.nights} nuits retenues`;
  return (
    `Le registre compte au plus ${formatInteger(limit.max)} séjours arrivés en ${year} (${basis}) : ` +
    `il en a déjà ${formatInteger(counts.existing)}, ${formatInteger(counts.added)} de plus dépasseraient la limite. ` +
    'Vérifiez que le fichier n’a pas déjà été importé, ou faites corriger la capacité de l’établissement.'
  );
}
