import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  type ComponentKind,
  collectionPeriodsSchema,
  componentsSchema,
  computeDeliberationTable,
  type DeliberationStayTax,
  type DeliberationTable,
  deliberationOfStoredPricing,
  deliberationStayTax,
  type EstablishmentType,
  forfaitSettingsSchema,
  type IsoDate,
  type PricingDeliberation,
  type PricingTable,
  type Stay,
  type StoredPricingPayload,
} from '@sejour/domain';

/** What a pricing's answer (`deliberation`) or the form being typed gives of the deliberation's own parts. */
export type DeliberationParts = Pick<
  PricingDeliberation,
  'settings' | 'collectionPeriods' | 'lowRentThreshold'
> &
  Partial<Pick<PricingDeliberation, 'forfait'>>;

/**
 * The deliberation behind a pricing as the API answers it. A pricing answered before deliberations carried
 * their own parts reads as today's (the departmental component alone, all year, no low-rent threshold); the
 * parts an answer carries in the deliberation's shape are taken as they are.
 */
export function deliberationTableOf(
  pricing: PricingTable & { deliberation?: DeliberationParts },
): DeliberationTable {
  const parts: Record<string, unknown> = pricing.deliberation
    ? {
        components: pricing.deliberation.settings,
        collectionPeriods: pricing.deliberation.collectionPeriods,
        lowRentThreshold: pricing.deliberation.lowRentThreshold,
        forfait: pricing.deliberation.forfait,
      }
    : (pricing as PricingTable & Record<string, unknown>);
  const components = componentsSchema.safeParse(parts.components);
  const periods = collectionPeriodsSchema.safeParse(parts.collectionPeriods);
  const lowRent = parts.lowRentThreshold;
  const forfait = forfaitSettingsSchema.safeParse(parts.forfait);
  const rows = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [type, { tariff: pricing.rows[type].tariff }]),
  ) as Record<(typeof CLASSIFIED_ESTABLISHMENT_TYPES)[number], { tariff: number }>;
  const stored: StoredPricingPayload = {
    beginDate: pricing.beginDate,
    endDate: pricing.endDate,
    threshold: pricing.threshold,
    departmentalRate: pricing.departmentalRate,
    rows: { ...rows, NONE: { rate: pricing.rows.NONE.rate } },
    ...(components.success ? { components: components.data } : {}),
    ...(periods.success ? { collectionPeriods: periods.data } : {}),
    ...(typeof lowRent === 'number' ? { lowRentThreshold: lowRent } : {}),
    ...(forfait.success ? { forfait: forfait.data } : {}),
  };
  return computeDeliberationTable(deliberationOfStoredPricing(stored));
}

function plusDays(date: IsoDate, days: number): IsoDate {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * A stay of the simulator (nights, persons, of whom exempted — minors —, price per night) arriving on
 * `arrival`, taxed under the deliberation for the row `type`: the base and each component.
 */
export function simulateDeliberationStay(
  stay: Stay,
  type: EstablishmentType,
  table: DeliberationTable,
  arrival: IsoDate,
): DeliberationStayTax {
  return deliberationStayTax(
    {
      arrival,
      departure: plusDays(arrival, stay.nights),
      persons: stay.persons,
      exempted: stay.exempted,
      exemptionReason: stay.exempted > 0 ? 'MINOR' : null,
      price: stay.pricePerNight * stay.nights,
    },
    type,
    table,
  );
}

/** What a person-night costs under the row: the base, each component on, the total (the engine's units). */
export interface UnitLine {
  kind: 'BASE' | ComponentKind;
  unit: number;
}

export function unitLinesOf(result: DeliberationStayTax): { lines: UnitLine[]; capped: boolean } {
  const { tax } = result;
  if (tax.regime === 'classified') {
    return {
      lines: [
        { kind: 'BASE', unit: tax.units.base },
        ...tax.units.components.map((c) => ({ kind: c.kind, unit: c.unit })),
      ],
      capped: false,
    };
  }
  const band = tax.bands.inf.nights > 0 ? tax.bands.inf : tax.bands.sup;
  return {
    lines: [
      { kind: 'BASE', unit: band.units.base },
      ...band.units.components.map((c) => ({ kind: c.kind, unit: c.unit })),
    ],
    capped: band.capped,
  };
}
