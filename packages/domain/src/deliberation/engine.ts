import type { EstablishmentType } from '../establishments/types';
import { BASIS_POINTS_PER_UNIT, type BasisPoints, type Cents, roundHalfUpToCents } from '../money/cents';
import type { NoneRow } from '../pricings/schemas';
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

/** The components a deliberation has on, as the engine reads them: each one's kind and rate. */
export type ComponentRates = ReadonlyArray<{ kind: ComponentKind; rate: BasisPoints }>;

/**
 * Base unit = min(round(rate × rent ÷ person-nights), cap), every occupant in the division (exempted ones
 * included, as the law says) and charged to the taxable ones only; the components apply to that capped unit.
 */
function bandTax(
  band: { nights: number; exemptedNights: number; rent: Cents },
  none: NoneRow,
  components: ComponentRates,
): DeliberationBandTax {
  const taxableNights = taxablePersonNights(band.nights, band.exemptedNights);
  const raw = proportionalRaw(none.rate, band.rent, band.nights);
  const units = unitCharge(Math.min(raw, none.cap), components);
  return {
    nights: band.nights,
    taxableNights,
    rent: band.rent,
    units,
    capped: raw > none.cap,
    ...chargeAmounts(units, taxableNights),
  };
}

export interface DeliberationTaxInput {
  type: EstablishmentType;
  /** The month's figures: person-nights inside the collection periods only. */
  figures: DeclarationFigures;
  table: DeliberationTable;
}

export type ClassifiedDeliberationTax = Extract<DeliberationTax, { regime: 'classified' }>;
export type ProportionalDeliberationTax = Extract<DeliberationTax, { regime: 'proportional' }>;

/**
 * A classified row's tax: its units (the base and each component's unit, taken as given, so units a table
 * fixed are charged as fixed) times the taxable person-nights.
 */
export function classifiedTax(figures: DeclarationFigures, units: UnitCharge): ClassifiedDeliberationTax {
  const taxableNights = taxablePersonNights(figures.nightsCount, figures.exemptedCount);
  return {
    regime: 'classified',
    nights: figures.nightsCount,
    taxableNights,
    units,
    ...chargeAmounts(units, taxableNights),
  };
}

/** The unclassified tax: NONE's rate and cap on each rent band, the components on each band's base unit. */
export function proportionalTax(
  figures: DeclarationFigures,
  none: NoneRow,
  components: ComponentRates,
): ProportionalDeliberationTax {
  const inf = bandTax(
    { nights: figures.nightsCountInf, exemptedNights: figures.nightsCountInfMin, rent: figures.prixInf },
    none,
    components,
  );
  const sup = bandTax(
    { nights: figures.nightsCountSup, exemptedNights: figures.nightsCountSupMin, rent: figures.prixSup },
    none,
    components,
  );
  return {
    regime: 'proportional',
    rate: none.rate,
    cap: none.cap,
    bands: { inf, sup },
    nights: inf.nights + sup.nights,
    taxableNights: inf.taxableNights + sup.taxableNights,
    ...addAmounts(inf, sup),
  };
}

export function computeDeliberationTax({ type, figures, table }: DeliberationTaxInput): DeliberationTax {
  return type === 'NONE'
    ? proportionalTax(figures, table.rows.NONE, table.components)
    : classifiedTax(figures, table.rows[type]);
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
