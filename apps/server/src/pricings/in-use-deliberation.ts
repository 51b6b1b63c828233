import {
  COMPONENT_KINDS,
  type CollectionPeriod,
  collectionPeriodLabel,
  deliberationOfStoredPricing,
  type FieldErrors,
  formatBasisPoints,
  type StoredPricingPayload,
} from '@sejour/domain';

/**
 * What a change of a deliberation's own parts would alter in the done declarations computed with it: a
 * component turned on or off or at another rate, other collection periods, another low-rent threshold, other
 * natures au forfait or another abatement. The
 * departmental component is today's departmental rate, frozen with the grid (`alterationsOfDoneDeclarations`);
 * a beneficiary's name alters no amount and may change.
 */
export function deliberationAlterations(
  before: StoredPricingPayload,
  after: StoredPricingPayload,
  doneCount: number,
): FieldErrors {
  if (doneCount === 0) return {};
  const used = `a servi au calcul ${doneCount === 1 ? 'd’une déclaration terminée' : `de ${doneCount} déclarations terminées`}`;
  const [b, a] = [deliberationOfStoredPricing(before), deliberationOfStoredPricing(after)];
  const errors: FieldErrors = {};
  for (const kind of COMPONENT_KINDS) {
    if (kind === 'DEPARTMENTAL') continue;
    const [was, is] = [b.components[kind], a.components[kind]];
    if (was.enabled !== is.enabled) {
      errors[`components.${kind}.enabled`] =
        `Cette taxe ${was.enabled ? 'perçue' : 'non perçue'} ${used} : elle ne peut plus être ${was.enabled ? 'retirée' : 'ajoutée'}.`;
    } else if (was.enabled && was.rate !== is.rate) {
      errors[`components.${kind}.rate`] =
        `Ce taux (${formatBasisPoints(was.rate)}) ${used} : il ne peut plus être modifié.`;
    }
  }
  if (!samePeriods(b.collectionPeriods, a.collectionPeriods)) {
    errors.collectionPeriods = `Ces périodes (${b.collectionPeriods.map(collectionPeriodLabel).join(', ')}) ont servi au calcul ${doneCount === 1 ? 'd’une déclaration terminée' : `de ${doneCount} déclarations terminées`} : elles ne peuvent plus être modifiées.`;
  }
  if (b.lowRentThreshold !== a.lowRentThreshold) {
    errors.lowRentThreshold = `Ce seuil ${used} : il ne peut plus être modifié.`;
  }
  // A nature moved to or from the forfait, or another abatement, would change how a done declaration was made.
  if (!sameNatures(b.forfait.natures, a.forfait.natures)) {
    errors['forfait.natures'] = `Ce choix des natures au forfait ${used} : il ne peut plus être modifié.`;
  }
  if (!sameBands(b.forfait.abatements, a.forfait.abatements)) {
    errors['forfait.abatements'] = `Cet abattement ${used} : il ne peut plus être modifié.`;
  }
  return errors;
}

function sameNatures(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function sameBands(
  a: ReadonlyArray<{ fromNights: number; rate: number }>,
  b: ReadonlyArray<{ fromNights: number; rate: number }>,
): boolean {
  return (
    a.length === b.length &&
    a.every((band, i) => band.fromNights === b[i]!.fromNights && band.rate === b[i]!.rate)
  );
}

/** Compared field by field: a stored payload comes back from jsonb with its keys in another order. */
function samePeriods(a: readonly CollectionPeriod[], b: readonly CollectionPeriod[]): boolean {
  return (
    a.length === b.length && a.every((period, i) => period.from === b[i]!.from && period.to === b[i]!.to)
  );
}
