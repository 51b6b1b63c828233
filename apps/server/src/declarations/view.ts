import {
  DECLARATION_FIGURE_KEYS,
  type Declaration,
  declarationComponentLines,
  type ExemptionsByReason,
  type Month,
  monthName,
} from '@sejour/domain';
import { fileSummary } from '../audit/recorder';
import type { DeclarationViewRow } from './repository';

/** A declaration row as the API answers it. */
export function toDeclaration(row: DeclarationViewRow): Declaration {
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
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

/** A declaration as the audit log compares it: state, figures, amounts, what it was computed with, its file. */
export function auditedFields(row: DeclarationViewRow): Record<string, unknown> {
  return {
    done: row.done,
    ...Object.fromEntries(DECLARATION_FIGURE_KEYS.map((key) => [key, row[key]])),
    taxableNights: row.taxableNights,
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

/** What the audit log says a declaration's entry is about. */
export function declarationSubject(row: DeclarationViewRow) {
  return {
    entity: 'declaration' as const,
    entityId: row.id,
    entityLabel: `${row.establishmentName} — ${monthName(row.month as Month)} ${row.year}`,
    establishmentId: row.establishmentId,
  };
}
