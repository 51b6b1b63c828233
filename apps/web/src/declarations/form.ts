import {
  DECLARATION_COUNT_FIELDS,
  DECLARATION_RENT_FIELDS,
  type Declaration,
  type DeclarationCountField,
  type DeclarationRentField,
  type DeclarationUpdate,
  declarationAmounts,
  declarationUpdateSchema,
  type EstablishmentType,
  type PricingTable,
} from '@sejour/domain';
import { z } from 'zod';

/** Counts typed as whole numbers; rents typed in euros with two decimals and sent in cents. */
export type CountField = DeclarationCountField;
export type EuroField = DeclarationRentField;
export type DeclarationFormValues = Record<CountField | EuroField, number | null>;

const COUNT_FIELDS = DECLARATION_COUNT_FIELDS;
const EURO_FIELDS = DECLARATION_RENT_FIELDS;

export function formValuesOf(declaration: Declaration | null): DeclarationFormValues {
  const values = {} as DeclarationFormValues;
  for (const field of COUNT_FIELDS) values[field] = declaration ? declaration[field] : null;
  for (const field of EURO_FIELDS) values[field] = declaration ? declaration[field] / 100 : null;
  return values;
}

/** Figures in cents (computed from the register) as the form shows them. */
export function formValuesOfFigures(
  figures: Partial<Record<CountField | EuroField, number>>,
): DeclarationFormValues {
  const values = {} as DeclarationFormValues;
  for (const field of COUNT_FIELDS) values[field] = figures[field] ?? 0;
  for (const field of EURO_FIELDS) values[field] = (figures[field] ?? 0) / 100;
  return values;
}

/** What the form sends: empty counts are zero, euros become cents. */
export function toPayloadInput(values: DeclarationFormValues): Record<string, number> {
  const payload: Record<string, number> = {};
  for (const field of COUNT_FIELDS) payload[field] = values[field] ?? 0;
  for (const field of EURO_FIELDS) payload[field] = Math.round((values[field] ?? 0) * 100);
  return payload;
}

/** The form's resolver: euros to cents, then the domain's own rules (messages on the same field names). */
export const declarationFormSchema = z
  .custom<DeclarationFormValues>()
  .transform((values) => toPayloadInput(values))
  .pipe(declarationUpdateSchema);

/** The amounts as the host types, with the same function the server uses; null while the figures are invalid. */
export function liveAmounts(type: EstablishmentType, values: DeclarationFormValues, pricing: PricingTable) {
  const parsed = declarationUpdateSchema.safeParse(toPayloadInput(values));
  if (!parsed.success) return null;
  return declarationAmounts(type, parsed.data as DeclarationUpdate, pricing);
}
