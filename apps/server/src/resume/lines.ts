import {
  type ComponentTotals,
  datedPeriodLabel,
  type ExemptionsByReasonTotals,
  type Month,
  noticeAmounts,
  type ResumeAmounts,
} from '@sejour/domain';
import type { ComponentSumsRow, NoticeLineRow } from './repository';

/** One done declaration on a notice. */
export interface NoticeLine extends ResumeAmounts {
  establishmentId: number;
  name: string;
  month: Month;
  components: ComponentTotals;
  /** Null when the declaration was made before reasons were recorded. */
  exemptionsByReason: ExemptionsByReasonTotals;
  /** Au forfait, what it was computed on (its person-night figures are all zero); null au réel. */
  forfait: NoticeForfait | null;
}

/** A forfait line's own figures, as the notice states them. */
export interface NoticeForfait {
  /** "du 1er janvier 2026 au 31 décembre 2026". */
  period: string;
  capacityUnits: number;
  nights: number;
  abatementRate: number;
}

export /** Component sums read in SQL (bigints as text), keyed by kind. */
function componentsOf(row: ComponentSumsRow): ComponentTotals {
  return {
    DEPARTMENTAL: Number(row.moselle),
    ILE_DE_FRANCE: Number(row.ile_de_france),
    IDF_MOBILITES: Number(row.idf_mobilites),
    RAILWAY_LINE: Number(row.railway_line),
  };
}

function exemptionsOf(row: NoticeLineRow): ExemptionsByReasonTotals {
  const reasons = [
    row.exempted_minor,
    row.exempted_seasonal_worker,
    row.exempted_emergency_rehousing,
    row.exempted_low_rent,
  ];
  if (reasons.some((n) => n === null)) return null;
  return {
    MINOR: row.exempted_minor ?? 0,
    SEASONAL_WORKER: row.exempted_seasonal_worker ?? 0,
    EMERGENCY_REHOUSING: row.exempted_emergency_rehousing ?? 0,
    LOW_RENT: row.exempted_low_rent ?? 0,
  };
}

export /** Sums read in SQL (bigints as text), as a notice shows them. */
function amountsOf(row: Record<'nights' | 'taxable' | 'platform' | 'cc' | 'moselle' | 'total', string>) {
  return noticeAmounts({
    directNights: Number(row.nights),
    taxableNights: Number(row.taxable),
    platformNightsCount: Number(row.platform),
    ccAmount: Number(row.cc),
    moselleAmount: Number(row.moselle),
    totalAmount: Number(row.total),
  });
}

export function noticeLineOf(row: NoticeLineRow): NoticeLine {
  return {
    establishmentId: row.establishment_id,
    name: row.name,
    month: row.month,
    ...noticeAmounts({
      directNights: row.nights_count,
      taxableNights: row.taxable_nights,
      platformNightsCount: row.platform_nights_count,
      ccAmount: row.cc_amount,
      moselleAmount: row.moselle_amount,
      totalAmount: row.total_amount,
    }),
    components: componentsOf({
      moselle: String(row.moselle_amount),
      ile_de_france: String(row.ile_de_france_amount),
      idf_mobilites: String(row.idf_mobilites_amount),
      railway_line: String(row.railway_line_amount),
    }),
    exemptionsByReason: exemptionsOf(row),
    forfait: forfaitOf(row),
  };
}

function forfaitOf(row: NoticeLineRow): NoticeForfait | null {
  const { period_start: beginDate, period_end: endDate, capacity, persons_per_unit: persons } = row;
  if (row.regime !== 'FORFAIT' || !beginDate || !endDate || capacity === null || persons === null)
    return null;
  return {
    period: datedPeriodLabel({ beginDate, endDate }),
    capacityUnits: capacity * persons,
    nights: row.open_nights ?? 0,
    abatementRate: row.abatement_rate ?? 0,
  };
}
