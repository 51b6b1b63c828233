import type { UnitCharge } from '../deliberation/components';
import {
  type ChargeAmounts,
  classifiedTax,
  componentAmount,
  type DeliberationBandTax,
  proportionalTax,
} from '../deliberation/engine';
import type { EstablishmentType } from '../establishments/types';
import type { BasisPoints, Cents } from '../money/cents';
import type { ClassifiedRow, PricingTable } from '../pricings/schemas';
import type { DeclarationFigures } from './figures';

/**
 * The tax of one declaration under a pricing table (decision 0101), in the pricing table's words: "CC" is the
 * community-of-communes tax, "Moselle" the departmental additional tax. It is not computed here: a pricing table
 * is the deliberation with the departmental component alone, so the deliberation engine computes it (decision
 * 0159) and this file only maps the table in and the result back. Every unit tariff (per taxable person-night)
 * is rounded half-up to the cent, component by component, *before* it is multiplied by person-nights; so each
 * amount is a whole number of cents and the host can redo the sum on paper.
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
 * A classified row as the units the engine reads: the tariff as the base, and the departmental unit as the
 * table gives it rather than recomputed from the rate (the two agree on every table `computePricingTable`
 * makes; a table that fixes its units is charged as fixed).
 */
function unitsOfRow({ tariff, departmental }: ClassifiedRow, rate: BasisPoints): UnitCharge {
  return {
    base: tariff,
    components: [{ kind: 'DEPARTMENTAL', rate, unit: departmental }],
    total: tariff + departmental,
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

function bandOf(band: DeliberationBandTax): BandTax {
  return {
    nights: band.nights,
    taxableNights: band.taxableNights,
    rent: band.rent,
    tariffs: tariffsOf(band.units),
    capped: band.capped,
    ...amountsOf(band),
  };
}

/**
 * The tax under a pricing table: the deliberation engine's, on the grid of the table, read back as
 * community tariff (`cc`, the base) and departmental tax (`moselle`, the departmental component).
 */
export function computeDeclarationTax({ type, figures, pricing }: DeclarationTaxInput): DeclarationTax {
  if (type !== 'NONE') {
    const tax = classifiedTax(figures, unitsOfRow(pricing.rows[type], pricing.departmentalRate));
    return {
      regime: 'classified',
      nights: tax.nights,
      taxableNights: tax.taxableNights,
      tariffs: tariffsOf(tax.units),
      ...amountsOf(tax),
    };
  }
  // The departmental component on even at 0 %, so that `moselle` is always its amount.
  const tax = proportionalTax(figures, pricing.rows.NONE, [
    { kind: 'DEPARTMENTAL', rate: pricing.departmentalRate },
  ]);
  return {
    regime: 'proportional',
    rate: tax.rate,
    cap: tax.cap,
    departmentalRate: pricing.departmentalRate,
    bands: { inf: bandOf(tax.bands.inf), sup: bandOf(tax.bands.sup) },
    nights: tax.nights,
    taxableNights: tax.taxableNights,
    ...amountsOf(tax),
  };
}
