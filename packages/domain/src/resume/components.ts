import { z } from 'zod';
import { semesterSchema } from '../calendar/months';
import { declarationYearSchema } from '../declarations/schemas';
import { COMPONENT_KINDS, type ComponentKind, componentInfo } from '../deliberation/components';
import { EXEMPTION_REASONS, type ExemptionReason } from '../register/exemptions';

/**
 * What each additional component adds up to, in cents, keyed by kind (`DEPARTMENTAL` is the declarations'
 * `moselleAmount`). Kept beside the specification's amounts rather than inside them, so that those read
 * exactly as before.
 */
export const componentTotalsSchema = z.object({
  DEPARTMENTAL: z.number().int(),
  ILE_DE_FRANCE: z.number().int(),
  IDF_MOBILITES: z.number().int(),
  RAILWAY_LINE: z.number().int(),
});
export type ComponentTotals = z.infer<typeof componentTotalsSchema>;

export const ZERO_COMPONENTS: ComponentTotals = {
  DEPARTMENTAL: 0,
  ILE_DE_FRANCE: 0,
  IDF_MOBILITES: 0,
  RAILWAY_LINE: 0,
};

export function addComponents(a: ComponentTotals, b: ComponentTotals): ComponentTotals {
  return {
    DEPARTMENTAL: a.DEPARTMENTAL + b.DEPARTMENTAL,
    ILE_DE_FRANCE: a.ILE_DE_FRANCE + b.ILE_DE_FRANCE,
    IDF_MOBILITES: a.IDF_MOBILITES + b.IDF_MOBILITES,
    RAILWAY_LINE: a.RAILWAY_LINE + b.RAILWAY_LINE,
  };
}

/** Every component's amount together: the total less the collectivity's own share. */
export function componentsSum(totals: ComponentTotals): number {
  return COMPONENT_KINDS.reduce((sum, kind) => sum + totals[kind], 0);
}

/**
 * The components a resume, a notice or an export shows, in the law's order: the departmental one always (the
 * specification's column), the others only when something of the period was collected for them — a territory
 * without them reads exactly as before.
 */
export function shownComponents(totals: ComponentTotals): ComponentKind[] {
  return COMPONENT_KINDS.filter((kind) => kind === 'DEPARTMENTAL' || totals[kind] !== 0);
}

/** Whether a component other than the departmental one is shown. */
export function hasOtherComponents(kinds: readonly ComponentKind[]): boolean {
  return kinds.some((kind) => kind !== 'DEPARTMENTAL');
}

/** A component's column header in the exports: its label and the unit. */
export const componentCsvHeader = (kind: ComponentKind) => `${componentInfo[kind].label} (€)`;

/**
 * Exempted person-nights by legal reason, summed over declarations that recorded them; `null` when one of the
 * declarations was made before reasons existed (the total stands alone then).
 */
export const exemptionsByReasonTotalsSchema = z
  .object({
    MINOR: z.number().int(),
    SEASONAL_WORKER: z.number().int(),
    EMERGENCY_REHOUSING: z.number().int(),
    LOW_RENT: z.number().int(),
  })
  .nullable();
export type ExemptionsByReasonTotals = z.infer<typeof exemptionsByReasonTotalsSchema>;

/** Reasons with person-nights, in the law's order. */
export function exemptionReasonsShown(
  byReason: NonNullable<ExemptionsByReasonTotals>,
): Array<{ reason: ExemptionReason; nights: number }> {
  return EXEMPTION_REASONS.filter((reason) => byReason[reason] !== 0).map((reason) => ({
    reason,
    nights: byReason[reason],
  }));
}

/** `GET resume/reversements?year=[&semester=]`: a year's semesters, or one. */
export const reversementsQuerySchema = z.object({
  year: z.coerce.number().pipe(declarationYearSchema),
  semester: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    semesterSchema.optional(),
  ),
});
export type ReversementsQuery = z.output<typeof reversementsQuerySchema>;

const componentKindSchema = z.enum(COMPONENT_KINDS);

/** What the collectivity collected on a beneficiary's behalf for one component in a semester. */
export const reversementSchema = z.object({
  kind: componentKindSchema,
  /** As the deliberation the declarations were computed with names it, else the component's usual one. */
  beneficiary: z.string(),
  /** Done declarations only, as for the notices. */
  amount: z.number().int(),
});
export type Reversement = z.infer<typeof reversementSchema>;

export const reversementSemesterSchema = z.object({
  semester: semesterSchema,
  /** In the law's order of the components, then by beneficiary; only what is owed to someone. */
  lines: z.array(reversementSchema),
  totalAmount: z.number().int(),
});

export const reversementsSchema = z.object({
  year: z.number().int(),
  semesters: z.array(reversementSemesterSchema),
});
export type Reversements = z.infer<typeof reversementsSchema>;

/** One beneficiary's sums per component, however many deliberations named it: ordered as the screens show them. */
export function reversementLines(
  amounts: ReadonlyArray<{ kind: ComponentKind; beneficiary: string; amount: number }>,
): Reversement[] {
  const byKey = new Map<string, Reversement>();
  for (const { kind, beneficiary, amount } of amounts) {
    const key = `${kind}\u0000${beneficiary}`;
    const line = byKey.get(key);
    if (line) line.amount += amount;
    else byKey.set(key, { kind, beneficiary, amount });
  }
  return [...byKey.values()]
    .filter((line) => line.amount !== 0)
    .sort(
      (a, b) =>
        COMPONENT_KINDS.indexOf(a.kind) - COMPONENT_KINDS.indexOf(b.kind) ||
        a.beneficiary.localeCompare(b.beneficiary, 'fr'),
    );
}
