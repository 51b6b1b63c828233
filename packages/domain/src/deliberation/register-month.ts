import type { Cents } from '../money/cents';
import type { ExemptionReason } from '../register/exemptions';
import {
  addFigures,
  EMPTY_REGISTER_FIGURES,
  nightBand,
  nightsBetween,
  type RegisterMonthFigures,
  type StayInput,
} from '../register/stays';
import { stayNightsFigures } from '../tax/stay-nights';
import {
  addExemptions,
  type ExemptionsByReason,
  exemptedPersonNights,
  exemptedTotal,
  noExemptions,
  stayExemptedPersons,
} from './exemptions';
import { type CollectionPeriod, splitStayByCollection } from './periods';

/** What the register's month reads of a deliberation: the band threshold, the periods, the low-rent amount. */
export interface RegisterDeliberation {
  threshold: Cents;
  collectionPeriods: readonly CollectionPeriod[];
  lowRentThreshold: Cents | null;
}

type MonthStay = Pick<
  StayInput,
  'arrival' | 'departure' | 'price' | 'persons' | 'exempted' | 'exemptionReason' | 'platform'
>;

export interface RegisterMonthDeliberation {
  figures: RegisterMonthFigures;
  /** Null when a stay exempted persons without a reason (rows written before reasons were required). */
  exemptionsByReason: ExemptionsByReason | null;
}

/**
 * A month's declaration figures from the register under a deliberation: `registerMonthFigures` counting only
 * the nights inside the collection periods (a stay across a period's end declares its nights inside, with
 * their share of the price as the register spreads it), every occupant of a stay whose rent is below the
 * low-rent threshold exempted (`stayExemptedPersons`), and the exempted person-nights kept by reason. A stay
 * with no night inside in the month is not counted. With the whole year and no threshold, the figures are
 * `registerMonthFigures`'.
 */
export function registerMonthDeliberationFigures(
  stays: readonly MonthStay[],
  target: { year: number; month: number },
  deliberation: RegisterDeliberation,
): RegisterMonthDeliberation {
  const figures: RegisterMonthFigures = { ...EMPTY_REGISTER_FIGURES };
  let byReason: ExemptionsByReason | null = noExemptions();
  for (const stay of stays) {
    const inside = splitStayByCollection(deliberation.collectionPeriods, stay).filter(
      (part) => part.collected && part.year === target.year && part.month === target.month,
    );
    const nights = inside.reduce((sum, part) => sum + part.nights, 0);
    if (nights === 0) continue;
    if (stay.platform) {
      figures.platformNightsCount += stay.persons * nights;
      continue;
    }
    const persons = stayExemptedPersons(
      {
        persons: stay.persons,
        exempted: stay.exempted,
        exemptionReason: stay.exemptionReason as ExemptionReason | null,
        price: stay.price,
        nights: nightsBetween(stay.arrival, stay.departure),
      },
      deliberation.lowRentThreshold,
    );
    const reasonless = stay.exemptionReason === null && stay.exempted > 0;
    if (reasonless) byReason = null;
    else if (byReason) byReason = addExemptions(byReason, exemptedPersonNights(persons, nights));
    addFigures(
      figures,
      stayNightsFigures({
        nights,
        persons: stay.persons,
        exempted: reasonless ? stay.exempted : exemptedTotal(persons),
        rent: inside.reduce((sum, part) => sum + part.rent, 0),
        band: nightBand(stay, deliberation.threshold),
      }),
    );
  }
  return { figures, exemptionsByReason: byReason };
}
