import { CLASSIFIED_ESTABLISHMENT_TYPES } from '../establishments/types';
import { applyBasisPoints, type BasisPoints, type Cents } from '../money/cents';
import type { ClassifiedRow, PricingPayload, PricingTable } from './schemas';

/** Departmental tariff of a row: rate × community tariff, rounded half-up to the cent (1,70 € → 0,17 €). */
export function classifiedRow(tariff: Cents, departmentalRate: BasisPoints): ClassifiedRow {
  const departmental = applyBasisPoints(tariff, departmentalRate);
  return { tariff, departmental, total: tariff + departmental };
}

/** NONE's cap: the highest tariff the collectivity adopted in this table (law since 2021). */
export function noneCap(rows: PricingPayload['rows']): Cents {
  return Math.max(...CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => rows[type].tariff));
}

/** The computed columns of a table, from what an admin typed. The server stores or recomputes these. */
export function computePricingTable(payload: PricingPayload): PricingTable {
  const { rows, departmentalRate } = payload;
  const row = (tariff: Cents) => classifiedRow(tariff, departmentalRate);
  return {
    beginDate: payload.beginDate,
    endDate: payload.endDate,
    threshold: payload.threshold,
    departmentalRate,
    rows: {
      PALACES: row(rows.PALACES.tariff),
      HOTEL_5: row(rows.HOTEL_5.tariff),
      HOTEL_4: row(rows.HOTEL_4.tariff),
      HOTEL_3: row(rows.HOTEL_3.tariff),
      HOTEL_2: row(rows.HOTEL_2.tariff),
      HOTEL_1: row(rows.HOTEL_1.tariff),
      CAMPING_345: row(rows.CAMPING_345.tariff),
      CAMPING_12: row(rows.CAMPING_12.tariff),
      NONE: { rate: rows.NONE.rate, cap: noneCap(rows) },
    },
  };
}
