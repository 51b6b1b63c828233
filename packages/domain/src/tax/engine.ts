import type { EstablishmentType } from '../establishments/types';
import {
  applyBasisPoints,
  BASIS_POINTS_PER_UNIT,
  type BasisPoints,
  type Cents,
  roundHalfUpToCents,
} from '../money/cents';
import type { PricingTable } from '../pricings/schemas';
import type { DeclarationFigures } from './figures';

/**
 * The tax of one declaration (decision 0101). Every unit tariff (per taxable person-night) is
 * rounded half-up to the cent, component by component, *before* it is multiplied by person-nights; so
 * each amount is a whole number of cents and the host can redo the sum on paper.
 * "CC" is the community-of-communes tax, "Moselle" the departmental additional tax.
 */

/** Per taxable person-night: what a declaration keeps a copy of, so a later pricing change never alters it. */
export interface UnitTariffs {
  cc: Cents;
  moselle: Cents;
}

export interface TaxAmounts {
  cc: Cents;
  moselle: Cents;
  /** cc + moselle. */
  total: Cents;
}

interface Counts {
  /** Person-nights declared. */
  nights: number;
  /** Person-nights charged: nights minus the exempted ones. */
  taxableNights: number;
}

/** One rent band of an unclassified establishment (below, or at or above, the table's threshold). */
export interface BandTax extends TaxAmounts, Counts {
  /** Rent of the band excluding tax, all occupants included. */
  rent: Cents;
  tariffs: UnitTariffs;
  /** True when rate × rent ÷ nights exceeded the table's cap and the cap was charged instead. */
  capped: boolean;
}

export type DeclarationTax =
  | (TaxAmounts & Counts & { regime: 'classified'; tariffs: UnitTariffs })
  | (TaxAmounts &
      Counts & {
        regime: 'proportional';
        rate: BasisPoints;
        cap: Cents;
        departmentalRate: BasisPoints;
        bands: { inf: BandTax; sup: BandTax };
      });

export interface DeclarationTaxInput {
  type: EstablishmentType;
  figures: DeclarationFigures;
  pricing: PricingTable;
}

/** The person-nights charged: all but the exempted ones. */
export function taxablePersonNights(nights: number, exempted: number): number {
  // The schema refuses these; the engine still never turns bad figures into a negative tax.
  if (!Number.isSafeInteger(nights) || !Number.isSafeInteger(exempted) || exempted < 0 || exempted > nights) {
    throw new RangeError(`invalid person-nights: ${exempted} exempted of ${nights}`);
  }
  return nights - exempted;
}

/** Each component is its unit tariff times the taxable person-nights: the figures the declaration screen explains. */
export function taxAmounts(tariffs: UnitTariffs, taxableNights: number): TaxAmounts {
  const cc = tariffs.cc * taxableNights;
  const moselle = tariffs.moselle * taxableNights;
  return { cc, moselle, total: cc + moselle };
}

/** round(rate × rent ÷ person-nights), to the cent half-up: the proportional regime's rent share, before the cap. */
export function proportionalRaw(rate: BasisPoints, rent: Cents, personNights: number): Cents {
  return personNights === 0
    ? 0
    : roundHalfUpToCents(BigInt(rate) * BigInt(rent), BASIS_POINTS_PER_UNIT * personNights);
}

/**
 * Unit = min(round(rate × rent ÷ nights), cap): the rent per person-night with every occupant in the
 * division (exempted ones included, as the law says), charged only to the taxable ones. The part of the
 * rent that falls on exempted nights (prix*Min) therefore does not enter the amount: it stays in the rent.
 * 700 € for 28 person-nights at 5 % → 1,25 €; 14 taxable person-nights → 17,50 €.
 */
function bandTax(
  band: { nights: number; exemptedNights: number; rent: Cents },
  pricing: PricingTable,
): BandTax {
  const taxableNights = taxablePersonNights(band.nights, band.exemptedNights);
  const { rate, cap } = pricing.rows.NONE;
  const raw = proportionalRaw(rate, band.rent, band.nights);
  const cc = Math.min(raw, cap);
  const tariffs = { cc, moselle: applyBasisPoints(cc, pricing.departmentalRate) };
  return {
    nights: band.nights,
    taxableNights,
    rent: band.rent,
    tariffs,
    capped: raw > cap,
    ...taxAmounts(tariffs, taxableNights),
  };
}

export function computeDeclarationTax({ type, figures, pricing }: DeclarationTaxInput): DeclarationTax {
  if (type !== 'NONE') {
    const row = pricing.rows[type];
    const taxableNights = taxablePersonNights(figures.nightsCount, figures.exemptedCount);
    const tariffs = { cc: row.tariff, moselle: row.departmental };
    return {
      regime: 'classified',
      nights: figures.nightsCount,
      taxableNights,
      tariffs,
      ...taxAmounts(tariffs, taxableNights),
    };
  }
  const inf = bandTax(
    { nights: figures.nightsCountInf, exemptedNights: figures.nightsCountInfMin, rent: figures.prixInf },
    pricing,
  );
  const sup = bandTax(
    { nights: figures.nightsCountSup, exemptedNights: figures.nightsCountSupMin, rent: figures.prixSup },
    pricing,
  );
  return {
    regime: 'proportional',
    rate: pricing.rows.NONE.rate,
    cap: pricing.rows.NONE.cap,
    departmentalRate: pricing.departmentalRate,
    bands: { inf, sup },
    nights: inf.nights + sup.nights,
    taxableNights: inf.taxableNights + sup.taxableNights,
    cc: inf.cc + sup.cc,
    moselle: inf.moselle + sup.moselle,
    total: inf.total + sup.total,
  };
}
