import type { UnitCharge } from '../deliberation/components';
import {
  type ChargeAmounts,
  componentAmount,
  computeDeliberationTax,
  type DeliberationGrid,
  proportionalRaw,
  taxablePersonNights,
} from '../deliberation/engine';
import type { EstablishmentType } from '../establishments/types';
import { applyBasisPoints, type BasisPoints, type Cents } from '../money/cents';
import type { ClassifiedRow, PricingTable } from '../pricings/schemas';
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

/** Each component is its unit tariff times the taxable person-nights: the figures the declaration screen explains. */
export function taxAmounts(tariffs: UnitTariffs, taxableNights: number): TaxAmounts {
  const cc = tariffs.cc * taxableNights;
  const moselle = tariffs.moselle * taxableNights;
  return { cc, moselle, total: cc + moselle };
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

/** The engine this file had before it became an adapter: kept only until the adapter is shown equal to it. */
export function computeDeclarationTaxDirect({ type, figures, pricing }: DeclarationTaxInput): DeclarationTax {
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

/**
 * The pricing table as the grid the engine reads: its tariffs as the bases, the departmental component at the
 * table's rate — on even at 0 %, so that `moselle` is always its amount — and each classified row's
 * departmental unit as the table gives it rather than recomputed from the rate.
 */
function gridOfPricing(pricing: PricingTable): DeliberationGrid {
  const rate = pricing.departmentalRate;
  const units = ({ tariff, departmental }: ClassifiedRow): UnitCharge => ({
    base: tariff,
    components: [{ kind: 'DEPARTMENTAL', rate, unit: departmental }],
    total: tariff + departmental,
  });
  const { rows } = pricing;
  return {
    components: [{ kind: 'DEPARTMENTAL', rate }],
    rows: {
      PALACES: units(rows.PALACES),
      HOTEL_5: units(rows.HOTEL_5),
      HOTEL_4: units(rows.HOTEL_4),
      HOTEL_3: units(rows.HOTEL_3),
      HOTEL_2: units(rows.HOTEL_2),
      HOTEL_1: units(rows.HOTEL_1),
      CAMPING_345: units(rows.CAMPING_345),
      CAMPING_12: units(rows.CAMPING_12),
      NONE: rows.NONE,
    },
  };
}

/** A unit charge read back as (cc, moselle): the base and the departmental unit. */
function tariffsOf(units: UnitCharge): UnitTariffs {
  return { cc: units.base, moselle: units.components[0]!.unit };
}

/** Amounts read back as (cc, moselle, total). */
function amountsOf(amounts: ChargeAmounts): TaxAmounts {
  return { cc: amounts.base, moselle: componentAmount(amounts, 'DEPARTMENTAL'), total: amounts.total };
}

/**
 * The tax under a pricing table: the deliberation engine's, on the grid of the table, read back as
 * community tariff (`cc`, the base) and departmental tax (`moselle`, the departmental component).
 */
export function computeDeclarationTax({ type, figures, pricing }: DeclarationTaxInput): DeclarationTax {
  const tax = computeDeliberationTax({ type, figures, table: gridOfPricing(pricing) });
  if (tax.regime === 'classified') {
    return {
      regime: 'classified',
      nights: tax.nights,
      taxableNights: tax.taxableNights,
      tariffs: tariffsOf(tax.units),
      ...amountsOf(tax),
    };
  }
  const band = (b: (typeof tax.bands)['inf']): BandTax => ({
    nights: b.nights,
    taxableNights: b.taxableNights,
    rent: b.rent,
    tariffs: tariffsOf(b.units),
    capped: b.capped,
    ...amountsOf(b),
  });
  return {
    regime: 'proportional',
    rate: tax.rate,
    cap: tax.cap,
    departmentalRate: pricing.departmentalRate,
    bands: { inf: band(tax.bands.inf), sup: band(tax.bands.sup) },
    nights: tax.nights,
    taxableNights: tax.taxableNights,
    ...amountsOf(tax),
  };
}
