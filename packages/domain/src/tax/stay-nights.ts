import type { Cents } from '../money/cents';
import type { RegisterMonthFigures } from '../register/stays';

// Kept apart from the register's schemas: the calculator and the simulator compute a stay without loading them.

/** Some nights of one direct stay: how many, its persons (some exempted), their rent, the band of its nights. */
export interface StayNights {
  nights: number;
  persons: number;
  exempted: number;
  rent: Cents;
  band: 'inf' | 'sup';
}

/**
 * The declaration figures of some nights of one direct stay: person-nights are nights × persons, all in the
 * band of the stay's price per night. The exempted share of the rent is the rent pro rata of the exempted
 * persons, rounded half-up; the engine does not charge it. No rent is declared without person-nights.
 * A month's figures add these up; the calculator and a stay's tax compute them alone.
 */
export function stayNightsFigures(part: StayNights): RegisterMonthFigures {
  const personNights = part.persons * part.nights;
  const exemptedNights = part.exempted * part.nights;
  const rent = personNights > 0 ? part.rent : 0;
  const exemptedRent =
    exemptedNights > 0 ? Math.floor((rent * part.exempted * 2 + part.persons) / (part.persons * 2)) : 0;
  const inf = part.band === 'inf';
  return {
    personCount: part.persons,
    nightsCount: personNights,
    exemptedCount: exemptedNights,
    nightsCountInf: inf ? personNights : 0,
    nightsCountInfMin: inf ? exemptedNights : 0,
    prixInf: inf ? rent : 0,
    prixInfMin: inf ? exemptedRent : 0,
    nightsCountSup: inf ? 0 : personNights,
    nightsCountSupMin: inf ? 0 : exemptedNights,
    prixSup: inf ? 0 : rent,
    prixSupMin: inf ? 0 : exemptedRent,
    platformNightsCount: 0,
  };
}
