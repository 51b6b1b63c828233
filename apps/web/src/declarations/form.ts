import {
  type AmountExplanation,
  type ComponentKind,
  DECLARATION_COUNT_FIELDS,
  DECLARATION_RENT_FIELDS,
  type Declaration,
  type DeclarationCountField,
  type DeclarationRentField,
  type DeclarationUpdate,
  type DeliberationTable,
  declarationAmounts,
  declarationDeliberationAmounts,
  declarationFiguresFormSchema,
  declarationUpdateSchema,
  deliberationExplanation,
  type EstablishmentType,
  type ExemptionsByReason,
  exemptedTotal,
  type PricingTable,
} from '@sejour/domain';
import { z } from 'zod';
import { fromHundredths, toHundredths } from '../ui/hundredths';

/** Counts typed as whole numbers; rents typed in euros with two decimals and sent in cents. */
export type CountField = DeclarationCountField;
export type EuroField = DeclarationRentField;
export type DeclarationFormValues = Record<CountField | EuroField, number | null>;

/** The amounts the panel shows; `components` when they are known (a deliberation, a stored declaration). */
export interface PanelAmounts {
  taxableNights: number;
  cc: number;
  moselle: number;
  total: number;
  components?: Array<{ kind: ComponentKind; amount: number }>;
}

const COUNT_FIELDS = DECLARATION_COUNT_FIELDS;
const EURO_FIELDS = DECLARATION_RENT_FIELDS;

export function formValuesOf(declaration: Declaration | null): DeclarationFormValues {
  const values = {} as DeclarationFormValues;
  for (const field of COUNT_FIELDS) values[field] = declaration ? declaration[field] : null;
  for (const field of EURO_FIELDS) values[field] = declaration ? fromHundredths(declaration[field]) : null;
  return values;
}

/** Figures in cents (computed from the register) as the form shows them. */
export function formValuesOfFigures(
  figures: Partial<Record<CountField | EuroField, number>>,
): DeclarationFormValues {
  const values = {} as DeclarationFormValues;
  for (const field of COUNT_FIELDS) values[field] = figures[field] ?? 0;
  for (const field of EURO_FIELDS) values[field] = fromHundredths(figures[field] ?? 0);
  return values;
}

/** What the form sends: empty counts are zero, euros become cents. */
export function toPayloadInput(values: DeclarationFormValues): Record<string, number> {
  const payload: Record<string, number> = {};
  for (const field of COUNT_FIELDS) payload[field] = values[field] ?? 0;
  for (const field of EURO_FIELDS) payload[field] = toHundredths(values[field] ?? 0);
  return payload;
}

/** The form's resolver: euros to cents, then the domain's own rules (messages on the same field names). */
export const declarationFormSchema = z
  .custom<DeclarationFormValues>()
  .transform((values) => toPayloadInput(values))
  .pipe(declarationFiguresFormSchema);

/** What the amounts panel shows: the total's parts, each component with its label, and how they were reached. */
export interface LiveAmounts {
  amounts: PanelAmounts;
  explanation: AmountExplanation;
}

/**
 * The amounts as the host types, with the same function the server uses: the month's deliberation when it is
 * known (every component), else its pricing table (the departmental one alone). Null while the figures are
 * invalid.
 */
export function liveAmounts(
  type: EstablishmentType,
  values: DeclarationFormValues,
  pricing: PricingTable,
  deliberation: DeliberationTable | null = null,
): LiveAmounts | null {
  const parsed = declarationUpdateSchema.safeParse(toPayloadInput(values));
  if (!parsed.success) return null;
  const typed = parsed.data as DeclarationUpdate;
  if (deliberation) {
    const { tax, columns } = declarationDeliberationAmounts(type, typed, deliberation);
    return {
      amounts: {
        taxableNights: columns.taxableNights,
        cc: columns.ccAmount,
        moselle: columns.moselleAmount,
        total: columns.totalAmount,
        components: tax.components.map(({ kind, amount }) => ({ kind, amount })),
      },
      explanation: deliberationExplanation(tax),
    };
  }
  const { tax } = declarationAmounts(type, typed, pricing);
  return {
    amounts: { taxableNights: tax.taxableNights, cc: tax.cc, moselle: tax.moselle, total: tax.total },
    explanation: tax,
  };
}

/** The amounts of a stored declaration, as the panel shows them. */
export function storedAmounts(declaration: Declaration): PanelAmounts {
  return {
    taxableNights: declaration.taxableNights,
    cc: declaration.ccAmount,
    moselle: declaration.moselleAmount,
    total: declaration.totalAmount,
    components: declaration.components.map(({ kind, amount }) => ({ kind, amount })),
  };
}

/**
 * The exempted person-nights by reason to send with the figures: those the register filled (or the
 * declaration kept) while they still add up to the exempted total typed; left out otherwise, and the
 * declaration records its total alone.
 */
export function reasonsToSend(
  reasons: ExemptionsByReason | null,
  payload: Record<string, number>,
): ExemptionsByReason | undefined {
  if (!reasons) return undefined;
  const banded = (payload.nightsCountInfMin ?? 0) + (payload.nightsCountSupMin ?? 0);
  const total = exemptedTotal(reasons);
  return total === (payload.exemptedCount ?? 0) || (banded > 0 && total === banded) ? reasons : undefined;
}
