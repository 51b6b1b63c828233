import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  ESTABLISHMENT_TYPES,
  type EstablishmentType,
  type FieldErrors,
  firstDayOfMonth,
  formatEuros,
  isMonth,
  monthName,
  type PricingTable,
  periodCoversMonth,
} from '@sejour/domain';
import type { DoneDeclarationUse } from './repository';

type Reason = 'tariff' | 'rate' | 'cap' | 'departmentalRate' | 'threshold';
interface Change {
  field: string;
  reason: Reason;
}

/**
 * Which fields of a pricing change would alter a done declaration computed with it (docs/features/pricings.md): the
 * period must still cover the declaration's month, and what its type's tax was computed with must not move —
 * a classified type's tariff and departmental tariff; NONE's rate, cap (the highest tariff of the table),
 * departmental rate and band threshold. Anything else (another type's tariff, a longer period) may change.
 * Returns French field errors, empty when the change alters no done declaration.
 */
export function alterationsOfDoneDeclarations(
  before: PricingTable,
  after: PricingTable,
  uses: readonly DoneDeclarationUse[],
): FieldErrors {
  const uncovered = new Map<string, { year: number; month: number }>();
  const changes = new Map<string, { reason: Reason; count: number }>();

  for (const use of uses) {
    if (isMonth(use.month) && !periodCoversMonth(after, use.year, use.month)) {
      const field = after.beginDate > firstDayOfMonth(use.year, use.month) ? 'beginDate' : 'endDate';
      if (!uncovered.has(field)) uncovered.set(field, { year: use.year, month: use.month });
    }
    const fields = new Map<string, Reason>();
    for (const type of typesOf(use)) {
      for (const { field, reason } of changesFor(type, before, after)) {
        if (!fields.has(field)) fields.set(field, reason);
      }
    }
    for (const [field, reason] of fields) {
      const seen = changes.get(field);
      changes.set(field, { reason: seen?.reason ?? reason, count: (seen?.count ?? 0) + 1 });
    }
  }

  const errors: FieldErrors = {};
  for (const [field, { year, month }] of uncovered) {
    if (!isMonth(month)) continue;
    errors[field] =
      `La période doit couvrir ${monthName(month)} ${year} : une déclaration terminée de ce mois a été calculée avec cette grille.`;
  }
  for (const [field, { reason, count }] of changes) errors[field] ??= message(reason, count, before);
  return errors;
}

/** A declaration whose type is unknown may have used any row: every row is then frozen. */
function typesOf(use: DoneDeclarationUse): readonly EstablishmentType[] {
  const type = ESTABLISHMENT_TYPES.find((t) => t === use.type);
  return type ? [type] : ESTABLISHMENT_TYPES;
}

function changesFor(type: EstablishmentType, before: PricingTable, after: PricingTable): Change[] {
  const changes: Change[] = [];
  if (type !== 'NONE') {
    if (before.rows[type].tariff !== after.rows[type].tariff) {
      changes.push({ field: `rows.${type}.tariff`, reason: 'tariff' });
    } else if (before.rows[type].departmental !== after.rows[type].departmental) {
      changes.push({ field: 'departmentalRate', reason: 'departmentalRate' });
    }
    return changes;
  }
  const [b, a] = [before.rows.NONE, after.rows.NONE];
  if (b.rate !== a.rate) changes.push({ field: 'rows.NONE.rate', reason: 'rate' });
  if (b.cap !== a.cap) {
    // The cap moved because the highest tariff did: blame the tariffs that were or became the highest.
    const culprits = CLASSIFIED_ESTABLISHMENT_TYPES.filter(
      (t) =>
        before.rows[t].tariff !== after.rows[t].tariff &&
        (before.rows[t].tariff === b.cap || after.rows[t].tariff === a.cap),
    );
    for (const t of culprits) changes.push({ field: `rows.${t}.tariff`, reason: 'cap' });
    if (culprits.length === 0) changes.push({ field: 'rows.NONE.rate', reason: 'cap' });
  }
  if (before.departmentalRate !== after.departmentalRate) {
    changes.push({ field: 'departmentalRate', reason: 'departmentalRate' });
  }
  // The host split the nights into bands at this threshold.
  if (before.threshold !== after.threshold) changes.push({ field: 'threshold', reason: 'threshold' });
  return changes;
}

function message(reason: Reason, count: number, before: PricingTable): string {
  const used = `a servi au calcul ${count === 1 ? 'd’une déclaration terminée' : `de ${count} déclarations terminées`}`;
  switch (reason) {
    case 'cap':
      return `Ce tarif fixe le plafond (${formatEuros(before.rows.NONE.cap)}) des hébergements non classés, qui ${used} : il ne peut plus changer.`;
    case 'rate':
      return `Ce taux ${used} : il ne peut plus être modifié.`;
    case 'departmentalRate':
      return `Ce taux ${used} : il ne peut plus être modifié.`;
    case 'threshold':
      return `Ce seuil ${used} : il ne peut plus être modifié.`;
    default:
      return `Ce tarif ${used} : il ne peut plus être modifié.`;
  }
}
