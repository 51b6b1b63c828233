import type { EstablishmentType } from '../establishments/types';
import { BASIS_POINTS_PER_UNIT, type BasisPoints, type Cents, roundHalfUpToCents } from '../money/cents';
import type { DeclarationFigures } from '../tax/figures';
import { type ComponentAmount, type ComponentKind, type UnitCharge, unitCharge } from './components';
import type { DeliberationTable } from './deliberation';

/**
 * The tax of one declaration under a deliberation. The base tariff actually charged per person-night (a row's
 * tariff, or for unclassified accommodation the rate of the rent per person-night within the cap) is the
 * base of every component; each component's unit is rounded half-up to the cent on its own, then every unit
 * is multiplied by the taxable person-nights. So each amount is a whole number of cents a host can redo on
 * paper. This is the only tax engine: a pricing table (`tax/engine.ts`) is computed here as the deliberation
 * with the departmental component alone.
 */

/** The person-nights charged: all but the exempted ones. */
export function taxablePersonNights(nights: number, exempted: number): number {
  // The schema refuses these; the engine still never turns bad figures into a negative tax.
  if (!Number.isSafeInteger(nights) || !Number.isSafeInteger(exempted) || exempted < 0 || exempted > nights) {
    throw new RangeError(`invalid person-nights: ${exempted} exempted of ${nights}`);
  }
  return nights - exempted;
}

/** round(rate × rent ÷ person-nights), to the cent half-up: the proportional regime's rent share, before the cap. */
export function proportionalRaw(rate: BasisPoints, rent: Cents, personNights: number): Cents {
  return personNights === 0
    ? 0
    : roundHalfUpToCents(BigInt(rate) * BigInt(rent), BASIS_POINTS_PER_UNIT * personNights);
}

/** What a declaration owes: the base, each component, the total. */
export interface ChargeAmounts {
  base: Cents;
  components: ComponentAmount[];
  total: Cents;
}

interface Counts {
  /** Person-nights declared. */
  nights: number;
  /** Person-nights charged: nights minus the exempted ones. */
  taxableNights: number;
}

/** One rent band of an unclassified establishment. */
export interface DeliberationBandTax extends ChargeAmounts, Counts {
  rent: Cents;
  units: UnitCharge;
  /** True when rate × rent ÷ person-nights exceeded the cap and the cap was charged instead. */
  capped: boolean;
}

export type DeliberationTax =
  | (ChargeAmounts & Counts & { regime: 'classified'; units: UnitCharge })
  | (ChargeAmounts &
      Counts & {
        regime: 'proportional';
        rate: BasisPoints;
        cap: Cents;
        bands: { inf: DeliberationBandTax; sup: DeliberationBandTax };
      });

/** Each unit times the taxable person-nights. */
export function chargeAmounts(units: UnitCharge, taxableNights: number): ChargeAmounts {
  const base = units.base * taxableNights;
  const components = units.components.map(({ kind, rate, unit }) => ({
    kind,
    rate,
    amount: unit * taxableNights,
  }));
  return { base, components, total: components.reduce((sum, { amount }) => sum + amount, base) };
}

function addAmounts(a: ChargeAmounts, b: ChargeAmounts): ChargeAmounts {
  // Both come from one deliberation: the same components in the same order.
  const components = a.components.map((component, index) => ({
    ...component,
    amount: component.amount + (b.components[index]?.amount ?? 0),
  }));
  return { base: a.base + b.base, components, total: a.total + b.total };
}

/**
 * Base unit = min(round(rate × rent ÷ person-nights), cap), every occupant in the division (exempted ones
 * included, as the law says) and charged to the taxable ones only; the components apply to that capped unit.
 */
function bandTax(
  band: { nights: number; exemptedNights: number; rent: Cents },
  table: DeliberationGrid,
): DeliberationBandTax {
  const taxableNights = taxablePersonNights(band.nights, band.exemptedNights);
  const { rate, cap } = table.rows.NONE;
  const raw = proportionalRaw(rate, band.rent, band.nights);
  const units = unitCharge(Math.min(raw, cap), table.components);
  return {
    nights: band.nights,
    taxableNights,
    rent: band.rent,
    units,
    capped: raw > cap,
    ...chargeAmounts(units, taxableNights),
  };
}

/**
 * What the engine reads of a deliberation: each classified row's units (kept as given, so a row whose units a
 * table fixed is charged as fixed), NONE's rate and cap, and the components that are on.
 */
export interface DeliberationGrid {
  rows: DeliberationTable['rows'];
  components: ReadonlyArray<{ kind: ComponentKind; rate: BasisPoints }>;
}

export interface DeliberationTaxInput {
  type: EstablishmentType;
  /** The month's figures: person-nights inside the collection periods only. */
  figures: DeclarationFigures;
  table: DeliberationGrid;
}

export function computeDeliberationTax({ type, figures, table }: DeliberationTaxInput): DeliberationTax {
  if (type !== 'NONE') {
    const taxableNights = taxablePersonNights(figures.nightsCount, figures.exemptedCount);
    const units = table.rows[type];
    return {
      regime: 'classified',
      nights: figures.nightsCount,
      taxableNights,
      units,
      ...chargeAmounts(units, taxableNights),
    };
  }
  const inf = bandTax(
    { nights: figures.nightsCountInf, exemptedNights: figures.nightsCountInfMin, rent: figures.prixInf },
    table,
  );
  const sup = bandTax(
    { nights: figures.nightsCountSup, exemptedNights: figures.nightsCountSupMin, rent: figures.prixSup },
    table,
  );
  return {
    regime: 'proportional',
    rate: table.rows.NONE.rate,
    cap: table.rows.NONE.cap,
    bands: { inf, sup },
    nights: inf.nights + sup.nights,
    taxableNights: inf.taxableNights + sup.taxableNights,
    ...addAmounts(inf, sup),
  };
}

/** A component's amount in a tax, 0 when the deliberation does not have it on. */
export function componentAmount(tax: ChargeAmounts, kind: ComponentKind): Cents {
  return tax.components.find((component) => component.kind === kind)?.amount ?? 0;
}

/** What the collectivity collected for each beneficiary over several taxes (a semester's declarations). */
export function amountsByComponent(taxes: readonly ChargeAmounts[]): Record<ComponentKind, Cents> {
  const sums: Record<ComponentKind, Cents> = {
    DEPARTMENTAL: 0,
    ILE_DE_FRANCE: 0,
    IDF_MOBILITES: 0,
    RAILWAY_LINE: 0,
  };
  for (const tax of taxes) for (const { kind, amount } of tax.components) sums[kind] += amount;
  return sums;
}
