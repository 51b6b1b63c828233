import {
  type CollectionPeriod,
  collectionPeriodsOfMonth,
  deliberationOfStoredPricing,
  type EstablishmentNature,
  type ForfaitPeriod,
  forfaitPeriodsOfEstablishment,
  forfaitPeriodsOfYear,
  MONTHS,
  type Month,
  NATURES,
  type Nature,
  pricingOfMonth,
  type Regime,
  regimeOfMonth,
  typeOfNature,
} from '@sejour/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import type { PricingRow } from '../db/schema';
import { createDeclarationsRepository } from './repository';

/** A collection period to declare au forfait, with the natures its deliberation puts au forfait. */
export interface ForfaitPeriodOfYear extends ForfaitPeriod {
  natures: readonly Nature[];
}

/**
 * What a year asks of establishments, from the deliberations in force that year read once: the collection
 * periods of each month, which months an establishment declares au forfait instead, and the forfait periods
 * to declare. A month of no deliberation is collected all through and au réel.
 */
export interface YearCalendar {
  pricings: readonly PricingRow[];
  periodsOf(month: Month): readonly CollectionPeriod[];
  regimeOf(establishment: EstablishmentNature, month: Month): Regime;
  forfaitPeriodsOf(establishment: EstablishmentNature): Array<ForfaitPeriod & { pricing: PricingRow }>;
  /** The natures au forfait in a month (its deliberation's), for a query deciding the regime in SQL. */
  forfaitNaturesOf(month: Month): readonly Nature[];
  /** Every collection period of the year some nature declares au forfait, in order. */
  forfaitPeriods: readonly ForfaitPeriodOfYear[];
}

export function yearCalendarOf(pricings: readonly PricingRow[], year: number): YearCalendar {
  const naturesByMonth = new Map<Month, readonly Nature[]>(
    MONTHS.map((month) => {
      const pricing = pricingOfMonth(pricings, year, month);
      return [month, pricing ? deliberationOfStoredPricing(pricing.payload).forfait.natures : []];
    }),
  );
  const forfaitPeriods = pricings
    .flatMap((pricing) => {
      const deliberation = deliberationOfStoredPricing(pricing.payload);
      if (deliberation.forfait.natures.length === 0) return [];
      return forfaitPeriodsOfYear(deliberation, year).map((period) => ({
        ...period,
        natures: deliberation.forfait.natures,
      }));
    })
    .sort((a, b) => a.beginDate.localeCompare(b.beginDate));
  // Kept by month and nature once worked out: a list asks them for each of its rows and months, and each
  // answer would find the month's pricing and rebuild its deliberation again.
  const periods = new Map<Month, readonly CollectionPeriod[]>();
  const regimes = new Map<string, Regime>();
  return {
    pricings,
    periodsOf: (month) => {
      let found = periods.get(month);
      if (!found) {
        found = collectionPeriodsOfMonth(pricings, year, month);
        periods.set(month, found);
      }
      return found;
    },
    regimeOf: (establishment, month) => {
      const key = `${month} ${establishment.nature} ${establishment.stars}`;
      let regime = regimes.get(key);
      if (!regime) {
        regime = regimeOfMonth(pricings, establishment, year, month);
        regimes.set(key, regime);
      }
      return regime;
    },
    forfaitPeriodsOf: (establishment) => forfaitPeriodsOfEstablishment(pricings, establishment, year),
    forfaitNaturesOf: (month) => naturesByMonth.get(month) ?? [],
    forfaitPeriods,
  };
}

/** Reads a year's pricings once and answers its calendar. */
export function createYearCalendar(db: Executor) {
  return async function calendarOf(year: number): Promise<YearCalendar> {
    return yearCalendarOf(await createDeclarationsRepository(db).pricingsOfYear(year), year);
  };
}

/** Natures whose unclassified establishments are taxed on their rent (row NONE), so never au forfait. */
const NONE_WHEN_UNCLASSIFIED: readonly Nature[] = NATURES.filter(
  (nature) => typeOfNature(nature, null) === 'NONE',
);

function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

/** A text[] of natures, as `forfaitIn` compares an establishment with. */
export function naturesSql(natures: readonly Nature[]): SQL {
  return textArray(natures);
}

/**
 * `regimeOf` in SQL: whether the establishment `e` is taxed au forfait under a deliberation putting the natures
 * of the text[] `natures` au forfait — its nature is one of them and it has a row of the grid (stars, or a
 * nature that takes a row unclassified).
 */
export function forfaitIn(natures: SQL): SQL {
  // A null nature (kept from before natures, to confirm) is au réel: false, never null, so `not` keeps it.
  return sql`coalesce(e.nature = any(${natures}) and (e.stars is not null or e.nature <> all(${textArray(NONE_WHEN_UNCLASSIFIED)})), false)`;
}
