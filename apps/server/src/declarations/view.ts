import {
  capacityRuleLabel,
  DECLARATION_FIGURE_KEYS,
  type Declaration,
  type DeclarationForfait,
  datedPeriodLabel,
  declarationComponentLines,
  type ExemptionsByReason,
  type IsoDate,
  isForfaitLate,
  isoDateIn,
  type Month,
  monthName,
  type OpeningPeriod,
  oneMonthBefore,
} from '@sejour/domain';
import { fileSummary } from '../audit/recorder';
import type { DeclarationViewRow } from './repository';

/** A declaration row as the API answers it; `today` (the collectivity's day) says whether a forfait is late. */
export function toDeclaration(row: DeclarationViewRow, today: IsoDate): Declaration {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    establishmentName: row.establishmentName,
    type: row.tariffs?.type ?? row.establishmentType,
    userId: row.userId,
    providerName: row.providerName,
    year: row.year,
    month: row.month as Month,
    done: row.done,
    doneAt: row.doneAt?.toISOString() ?? null,
    personCount: row.personCount,
    nightsCount: row.nightsCount,
    exemptedCount: row.exemptedCount,
    nightsCountInf: row.nightsCountInf,
    nightsCountSup: row.nightsCountSup,
    nightsCountInfMin: row.nightsCountInfMin,
    nightsCountSupMin: row.nightsCountSupMin,
    prixInf: row.prixInf,
    prixSup: row.prixSup,
    prixInfMin: row.prixInfMin,
    prixSupMin: row.prixSupMin,
    platformNightsCount: row.platformNightsCount,
    taxableNights: row.taxableNights,
    ccAmount: row.ccAmount,
    moselleAmount: row.moselleAmount,
    totalAmount: row.totalAmount,
    components: declarationComponentLines({ ...row, tariffs: row.tariffs?.tariffs ?? null }),
    exemptionsByReason: exemptionsOfRow(row),
    pricingId: row.pricingId,
    tariffs: row.tariffs?.tariffs ?? null,
    regime: row.regime,
    forfait: forfaitOfRow(row, today),
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The forfait figures a row stores (its check constraint keeps them all set au forfait, all null au réel). */
interface StoredForfait {
  periodStart: IsoDate;
  periodEnd: IsoDate;
  openingPeriods: OpeningPeriod[];
  capacity: number;
  capacityUnit: NonNullable<DeclarationViewRow['capacityUnit']>;
  personsPerUnit: number;
  openNights: number;
  abatementRate: number;
}

export function storedForfait(row: DeclarationViewRow): StoredForfait | null {
  const { periodStart, periodEnd, openingPeriods, capacity, capacityUnit, personsPerUnit } = row;
  const { openNights, abatementRate } = row;
  if (
    row.regime !== 'FORFAIT' ||
    periodStart === null ||
    periodEnd === null ||
    openingPeriods === null ||
    capacity === null ||
    capacityUnit === null ||
    personsPerUnit === null ||
    openNights === null ||
    abatementRate === null
  )
    return null;
  return {
    periodStart,
    periodEnd,
    // jsonb answers an object's keys in its own order: rebuilt so that comparisons and answers read alike.
    openingPeriods: openingPeriods.map(({ from, to }) => ({ from, to })),
    capacity,
    capacityUnit,
    personsPerUnit,
    openNights,
    abatementRate,
  };
}

/**
 * The forfait part of a declaration, from what it stored: the rule it was computed with is the one it kept, not
 * today's. Late when marked done after its deadline (the day it was, in the collectivity's calendar), or not
 * done and the deadline passed.
 */
function forfaitOfRow(row: DeclarationViewRow, today: IsoDate): DeclarationForfait | null {
  const forfait = storedForfait(row);
  if (!forfait) return null;
  const period = {
    beginDate: forfait.periodStart,
    endDate: forfait.periodEnd,
    deadline: oneMonthBefore(forfait.periodStart),
  };
  const declaredOn = row.done && row.doneAt ? isoDateIn(row.doneAt) : null;
  return {
    periodStart: forfait.periodStart,
    periodEnd: forfait.periodEnd,
    deadline: period.deadline,
    late: isForfaitLate(period, declaredOn, today),
    openingPeriods: forfait.openingPeriods,
    capacity: forfait.capacity,
    capacityUnit: forfait.capacityUnit,
    personsPerUnit: forfait.personsPerUnit,
    capacityRule: capacityRuleLabel(forfait.capacityUnit, forfait.personsPerUnit),
    capacityUnits: forfait.capacity * forfait.personsPerUnit,
    nights: forfait.openNights,
    abatementRate: forfait.abatementRate,
  };
}

/** The exempted person-nights by reason a row records; null when it recorded its total alone. */
export function exemptionsOfRow(row: {
  exemptedMinor: number | null;
  exemptedSeasonalWorker: number | null;
  exemptedEmergencyRehousing: number | null;
  exemptedLowRent: number | null;
}): ExemptionsByReason | null {
  if (
    row.exemptedMinor === null ||
    row.exemptedSeasonalWorker === null ||
    row.exemptedEmergencyRehousing === null ||
    row.exemptedLowRent === null
  )
    return null;
  return {
    MINOR: row.exemptedMinor,
    SEASONAL_WORKER: row.exemptedSeasonalWorker,
    EMERGENCY_REHOUSING: row.exemptedEmergencyRehousing,
    LOW_RENT: row.exemptedLowRent,
  };
}

/**
 * The other components' amounts and the exempted person-nights by reason, only where a declaration has them:
 * a departmental-only declaration without reasons is audited exactly as before.
 */
function deliberationAudited(row: DeclarationViewRow): Record<string, unknown> {
  const audited: Record<string, unknown> = {};
  for (const key of ['ileDeFranceAmount', 'idfMobilitesAmount', 'railwayLineAmount'] as const) {
    if (row[key] !== 0) audited[key] = row[key];
  }
  const byReason = exemptionsOfRow(row);
  // One field per reason, so that the history names each one and shows its count as the form does.
  if (byReason)
    for (const [reason, nights] of Object.entries(byReason)) audited[`exemptionsByReason.${reason}`] = nights;
  return audited;
}

/**
 * A declaration as the audit log compares it: state, figures, amounts, what it was computed with, its file.
 * Au forfait, the figures are the host's (opening periods, capacity) and what followed from them; its
 * person-night columns, always zero, are left out.
 */
export function auditedFields(row: DeclarationViewRow): Record<string, unknown> {
  const forfait = storedForfait(row);
  const figures = forfait
    ? {
        openingPeriods: forfait.openingPeriods,
        capacity: forfait.capacity,
        openNights: forfait.openNights,
        abatementRate: forfait.abatementRate,
      }
    : {
        ...Object.fromEntries(DECLARATION_FIGURE_KEYS.map((key) => [key, row[key]])),
        taxableNights: row.taxableNights,
      };
  return {
    done: row.done,
    ...figures,
    ccAmount: row.ccAmount,
    moselleAmount: row.moselleAmount,
    ...deliberationAudited(row),
    totalAmount: row.totalAmount,
    pricingId: row.pricingId,
    file:
      row.filename === null
        ? null
        : fileSummary({ filename: row.filename, mimeType: row.fileType ?? '', size: row.fileSize ?? 0 }),
  };
}

/** What a declaration is about: its month, or au forfait its collection period. */
export function declarationPeriodLabel(row: DeclarationViewRow): string {
  const forfait = storedForfait(row);
  return forfait
    ? `forfait ${datedPeriodLabel({ beginDate: forfait.periodStart, endDate: forfait.periodEnd })}`
    : `${monthName(row.month as Month)} ${row.year}`;
}

/** What the audit log says a declaration's entry is about. */
export function declarationSubject(row: DeclarationViewRow) {
  return {
    entity: 'declaration' as const,
    entityId: row.id,
    entityLabel: `${row.establishmentName} — ${declarationPeriodLabel(row)}`,
    establishmentId: row.establishmentId,
  };
}
