import type { IsoDate } from '../calendar/dates';
import type { EstablishmentType } from '../establishments/types';
import type { Cents } from '../money/cents';
import type { ExemptionReason } from '../register/exemptions';
import { nightBand, nightsBetween } from '../register/stays';
import type { DeclarationFigures } from '../tax/figures';
import { stayNightsFigures } from '../tax/stay-nights';
import type { DeliberationTable } from './deliberation';
import { computeDeliberationTax, type DeliberationTax } from './engine';
import {
  type ExemptionsByReason,
  exemptedPersonNights,
  exemptedTotal,
  stayExemptedPersons,
} from './exemptions';
import { splitStayByCollection } from './periods';

/** A stay as the register keeps it: dates, persons (some exempted, with the reason), the price of the stay. */
export interface DeliberationStay {
  arrival: IsoDate;
  departure: IsoDate;
  persons: number;
  exempted: number;
  exemptionReason: ExemptionReason | null;
  /** Price of the whole stay excluding tax, all occupants, in cents. */
  price: Cents;
}

export interface DeliberationStayTax {
  nights: number;
  /** Nights inside the collection periods: the only ones taxed. */
  collectedNights: number;
  /** Exempted person-nights of the taxed nights, per legal reason (the low-rent threshold applied). */
  exemptedByReason: ExemptionsByReason;
  /** The declaration figures of the taxed nights. */
  figures: DeclarationFigures;
  tax: DeliberationTax;
}

/**
 * The tax of a stay under one deliberation, for the row `type`, as the calculator and the simulator compute
 * it: only the nights inside the collection periods, with their share of the price as the register spreads
 * it, the persons the rent threshold exempts added to those the host exempted, the band by the price per night.
 * Splitting a stay across months and deliberations is the register's (decision 0134); this is one part.
 */
export function deliberationStayTax(
  stay: DeliberationStay,
  type: EstablishmentType,
  table: DeliberationTable,
): DeliberationStayTax {
  const nights = nightsBetween(stay.arrival, stay.departure);
  const inside = splitStayByCollection(table.collectionPeriods, stay).filter((part) => part.collected);
  const collectedNights = inside.reduce((sum, part) => sum + part.nights, 0);
  const exemptedPersons = stayExemptedPersons({ ...stay, nights }, table.lowRentThreshold);
  const figures = stayNightsFigures({
    nights: collectedNights,
    persons: stay.persons,
    exempted: exemptedTotal(exemptedPersons),
    rent: inside.reduce((sum, part) => sum + part.rent, 0),
    band: nightBand(stay, table.threshold),
  });
  return {
    nights,
    collectedNights,
    exemptedByReason: exemptedPersonNights(exemptedPersons, collectedNights),
    figures,
    tax: computeDeliberationTax({ type, figures, table }),
  };
}
