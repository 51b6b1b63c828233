import type { IsoDate } from '../calendar/dates';
import type { EstablishmentType } from '../establishments/types';
import type { Cents } from '../money/cents';
import type { ExemptionReason } from '../register/exemptions';
import { nightBand, nightsBetween, type StayPart, splitStayByPricing } from '../register/stays';
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

/** Some nights of a stay in one month under one deliberation, and their tax. */
export interface StayDeliberationTaxPart extends StayPart<DeliberationTable> {
  pricing: DeliberationTable;
  /** The part's nights inside the collection periods: the only ones taxed. */
  collectedNights: number;
  tax: DeliberationTax;
}

/**
 * The tax a direct stay owes (the register's "taxe due" column): its nights cut by month and by deliberation,
 * each part taxed under the deliberation in force on its nights (`pricingOfNight`) for its nights inside the
 * collection periods, its band by that deliberation's threshold; the persons the low-rent threshold exempts are
 * judged on the whole stay's price per night. The parts of a month add up to what the month's declaration
 * computed from the register charges. Null when a platform collected it or when one of its nights has no
 * deliberation.
 */
export function stayTax(
  stay: DeliberationStay & { platform: boolean },
  type: EstablishmentType,
  tables: readonly DeliberationTable[],
): { total: Cents; parts: StayDeliberationTaxPart[] } | null {
  if (stay.platform) return null;
  const nights = nightsBetween(stay.arrival, stay.departure);
  const parts: StayDeliberationTaxPart[] = [];
  let total = 0;
  for (const part of splitStayByPricing(stay, tables)) {
    const { pricing } = part;
    if (!pricing) return null;
    const collected = splitStayByCollection(pricing.collectionPeriods, stay).filter(
      (piece) =>
        piece.collected &&
        piece.year === part.year &&
        piece.month === part.month &&
        piece.from >= pricing.beginDate &&
        piece.from <= pricing.endDate,
    );
    const collectedNights = collected.reduce((sum, piece) => sum + piece.nights, 0);
    const exempted = exemptedTotal(stayExemptedPersons({ ...stay, nights }, pricing.lowRentThreshold));
    const figures = stayNightsFigures({
      nights: collectedNights,
      persons: stay.persons,
      exempted,
      rent: collected.reduce((sum, piece) => sum + piece.rent, 0),
      band: nightBand(stay, pricing.threshold),
    });
    const tax = computeDeliberationTax({ type, figures, table: pricing });
    parts.push({ ...part, pricing, collectedNights, tax });
    total += tax.total;
  }
  return { total, parts };
}
