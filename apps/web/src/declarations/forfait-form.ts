import {
  abatementFor,
  BASIS_POINTS_PER_UNIT,
  type CapacityRule,
  type CapacityUnit,
  type ComponentKind,
  capacityRules,
  computeForfaitTax,
  type Declaration,
  type DeclarationForfait,
  type DeliberationTable,
  type EstablishmentType,
  type ForfaitDeclarationUpdate,
  forfaitDeclarationUpdateSchema,
  openingPeriodsErrors,
  openNights,
  type Period,
} from '@sejour/domain';
import { z } from 'zod';

/** The figures a host enters for a collection period au forfait: when it is open, and how much it holds. */
export interface ForfaitFormValues {
  /** ISO dates, as the kit's date field gives them; null while empty. */
  openingPeriods: Array<{ from: string | null; to: string | null }>;
  capacity: number | null;
}

export function forfaitFormValuesOf(forfait: DeclarationForfait | null): ForfaitFormValues {
  if (!forfait) return { openingPeriods: [{ from: null, to: null }], capacity: null };
  return {
    openingPeriods: forfait.openingPeriods.map(({ from, to }) => ({ from, to })),
    capacity: forfait.capacity,
  };
}

function payloadOf(values: ForfaitFormValues) {
  return {
    openingPeriods: values.openingPeriods.map(({ from, to }) => ({ from: from ?? '', to: to ?? '' })),
    capacity: values.capacity ?? undefined,
  };
}

/**
 * The form's resolver: the domain's schema of the figures, then the opening periods against the collection
 * period (in order, inside it, none overlapping), with the server's messages on the same field names.
 */
export function forfaitFormSchema(
  collection: Period,
): z.ZodType<ForfaitDeclarationUpdate, ForfaitFormValues> {
  return z
    .custom<ForfaitFormValues>()
    .transform(payloadOf)
    .pipe(forfaitDeclarationUpdateSchema)
    .superRefine((body, ctx) => {
      for (const [path, message] of Object.entries(openingPeriodsErrors(body.openingPeriods, collection))) {
        ctx.addIssue({ code: 'custom', path: path.split('.'), message });
      }
    });
}

/** The rule of a unit, with the persons per unit a declaration kept (a later change of the rule changes none). */
export function ruleOfUnit(unit: CapacityUnit, personsPerUnit: number): CapacityRule {
  const rule = Object.values(capacityRules).find((candidate) => candidate.unit === unit);
  if (!rule) throw new RangeError(`no capacity rule counts in ${unit}`);
  return { ...rule, personsPerUnit };
}

/** "Nombre d’emplacements", "Nombre de lits": the capacity field's label from the rule's count. */
export function capacityLabel(rule: CapacityRule): string {
  return /^[aeiouyéèêh]/i.test(rule.countLabel)
    ? `Nombre d’${rule.countLabel}`
    : `Nombre de ${rule.countLabel}`;
}

/** What the forfait's amounts panel shows, from the live computation or from a stored declaration. */
export interface ForfaitLines {
  capacity: number;
  rule: Pick<CapacityRule, 'countLabel' | 'ruleLabel' | 'personsPerUnit'>;
  capacityUnits: number;
  nights: number;
  /** Basis points. */
  abatementRate: number;
  /** Capacity units × nights × (1 − abatement), possibly fractional. */
  chargedUnitNights: number;
  base: { unit: number | null; amount: number };
  components: Array<{ kind: ComponentKind; unit: number | null; amount: number }>;
  total: number;
}

/**
 * The forfait as the host types, with the function the server uses: the deliberation of the month the period
 * starts (its row's units, its abatement bands). Null while the figures are not valid or the deliberation is
 * not known.
 */
export function liveForfait(
  values: ForfaitFormValues,
  collection: Period,
  rule: CapacityRule,
  type: EstablishmentType | null,
  deliberation: DeliberationTable | null,
): ForfaitLines | null {
  if (!deliberation || !type || type === 'NONE') return null;
  const parsed = forfaitDeclarationUpdateSchema.safeParse(payloadOf(values));
  if (!parsed.success) return null;
  const { openingPeriods, capacity } = parsed.data;
  if (Object.keys(openingPeriodsErrors(openingPeriods, collection)).length > 0) return null;
  const nights = openNights(openingPeriods);
  const units = deliberation.rows[type];
  const tax = computeForfaitTax(
    { capacity, rule, nights, abatementRate: abatementFor(deliberation.forfait.abatements, nights) },
    units,
  );
  return {
    capacity,
    rule,
    capacityUnits: tax.capacityUnits,
    nights: tax.nights,
    abatementRate: tax.abatementRate,
    chargedUnitNights: tax.chargedUnitNights,
    base: { unit: units.base, amount: tax.base },
    components: tax.components.map(({ kind, amount }) => ({
      kind,
      amount,
      unit: units.components.find((component) => component.kind === kind)?.unit ?? null,
    })),
    total: tax.total,
  };
}

/** The forfait a declaration stored: its figures, the rule it used and its amounts. */
export function storedForfait(declaration: Declaration & { forfait: DeclarationForfait }): ForfaitLines {
  const { forfait } = declaration;
  const rule = ruleOfUnit(forfait.capacityUnit, forfait.personsPerUnit);
  const tariffs = declaration.tariffs;
  return {
    capacity: forfait.capacity,
    rule: { ...rule, ruleLabel: forfait.capacityRule },
    capacityUnits: forfait.capacityUnits,
    nights: forfait.nights,
    abatementRate: forfait.abatementRate,
    chargedUnitNights:
      (forfait.capacityUnits * forfait.nights * (BASIS_POINTS_PER_UNIT - forfait.abatementRate)) /
      BASIS_POINTS_PER_UNIT,
    base: { unit: tariffs && 'cc' in tariffs ? tariffs.cc : null, amount: declaration.ccAmount },
    components: declaration.components.map(({ kind, unit, amount }) => ({ kind, unit, amount })),
    total: declaration.totalAmount,
  };
}
