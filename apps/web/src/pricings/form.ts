import {
  boundsForYear,
  CLASSIFIED_ESTABLISHMENT_TYPES,
  DEFAULT_DEPARTMENTAL_RATE,
  DEFAULT_THRESHOLD_CENTS,
  ESTABLISHMENT_TYPES,
  type EstablishmentType,
  type FieldErrors,
  fieldErrorsFromIssues,
  isoDateSchema,
  MAX_CENTS,
  type Period,
  type PricingPayload,
  type PricingTable,
  parseEurosToCents,
  parsePercentToBasisPoints,
  pricingPayloadSchema,
  pricingRuleErrors,
  validationMessages,
  type YearBounds,
  yearOfIsoDate,
  yearsOfPeriod,
} from '@sejour/domain';
import { formatPlainAmount, formatPlainNumber } from '../ui/format';

/**
 * The pricing form as typed: French decimals as text ("1,70" €, "4,4" %), so that nothing is rounded behind
 * the user's back. `readPricingForm` turns it into the API payload with the domain's schema and rules; the
 * error keys are the API's (`rows.HOTEL_3.tariff`), so a server refusal lands on the same field.
 */
export interface PricingFormValues {
  beginDate: string;
  endDate: string;
  /** Euros. */
  threshold: string;
  /** Percent. */
  departmentalRate: string;
  /** Euros per person and night for classified types, percent for NONE. */
  rows: Record<EstablishmentType, string>;
}

export type PricingField = 'beginDate' | 'endDate' | 'threshold' | 'departmentalRate' | `rows.${string}`;

/** The name of a row's input, as the API names its errors. */
export function rowField(type: EstablishmentType): PricingField {
  return type === 'NONE' ? 'rows.NONE.rate' : `rows.${type}.tariff`;
}

/** 170 → "1,70" (the text of an input, without the unit). */
export function centsToInput(cents: number): string {
  return formatPlainAmount(cents / 100);
}

/** 440 → "4,4" (percent, without the sign). */
export function basisPointsToInput(rate: number): string {
  return formatPlainNumber(rate / 100);
}

export function emptyPricingForm(): PricingFormValues {
  const rows = Object.fromEntries(ESTABLISHMENT_TYPES.map((type) => [type, ''])) as Record<
    EstablishmentType,
    string
  >;
  return {
    beginDate: '',
    endDate: '',
    threshold: centsToInput(DEFAULT_THRESHOLD_CENTS),
    departmentalRate: basisPointsToInput(DEFAULT_DEPARTMENTAL_RATE),
    rows,
  };
}

/** The form of an existing table; `period` replaces its dates (duplicate for next year). */
export function pricingFormFromTable(table: PricingTable, period: Period = table): PricingFormValues {
  const rows = Object.fromEntries(
    ESTABLISHMENT_TYPES.map((type) => [
      type,
      type === 'NONE' ? basisPointsToInput(table.rows.NONE.rate) : centsToInput(table.rows[type].tariff),
    ]),
  ) as Record<EstablishmentType, string>;
  return {
    beginDate: period.beginDate,
    endDate: period.endDate,
    threshold: centsToInput(table.threshold),
    departmentalRate: basisPointsToInput(table.departmentalRate),
    rows,
  };
}

/** Empty = not given (zod says "required"); not a number = NaN (zod says "not a valid number"). */
function toNumber(text: string, parse: (text: string) => number | null): number | undefined {
  if (text.trim() === '') return undefined;
  return parse(text) ?? Number.NaN;
}

function rawPayload(values: PricingFormValues) {
  const rows: Record<string, { tariff?: number } | { rate?: number }> = {};
  for (const type of CLASSIFIED_ESTABLISHMENT_TYPES) {
    rows[type] = { tariff: toNumber(values.rows[type], parseEurosToCents) };
  }
  rows.NONE = { rate: toNumber(values.rows.NONE, parsePercentToBasisPoints) };
  return {
    beginDate: values.beginDate.trim() === '' ? undefined : values.beginDate.trim(),
    endDate: values.endDate.trim() === '' ? undefined : values.endDate.trim(),
    threshold: toNumber(values.threshold, parseEurosToCents),
    departmentalRate: toNumber(values.departmentalRate, parsePercentToBasisPoints),
    rows,
  };
}

function emptyFields(values: PricingFormValues): PricingField[] {
  const fields: PricingField[] = [];
  for (const field of ['beginDate', 'endDate', 'threshold', 'departmentalRate'] as const) {
    if (values[field].trim() === '') fields.push(field);
  }
  for (const type of ESTABLISHMENT_TYPES) if (values.rows[type].trim() === '') fields.push(rowField(type));
  return fields;
}

function isValidDate(value: string | undefined): value is string {
  return value !== undefined && isoDateSchema.safeParse(value).success;
}

/** The period the bounds are read for: the typed one, else the year of the date typed, else this year. */
export function periodForBounds(
  values: Pick<PricingFormValues, 'beginDate' | 'endDate'>,
  today: Date,
): Period {
  const begin = isValidDate(values.beginDate) ? values.beginDate : undefined;
  const end = isValidDate(values.endDate) ? values.endDate : undefined;
  if (begin && end && begin <= end) return { beginDate: begin, endDate: end };
  const year = begin ? yearOfIsoDate(begin) : end ? yearOfIsoDate(end) : today.getFullYear();
  return { beginDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

export interface PricingFormReading {
  /** The payload when every field has a valid shape (the legal rules may still refuse it). */
  payload: PricingPayload | null;
  /** First French message per field: shape first, then the legal rules. */
  errors: FieldErrors;
}

/**
 * Reads the form with the domain: the shape (`pricingPayloadSchema`) then the law (`pricingRuleErrors`). The
 * rules are checked even while some fields are empty or wrong, so each tariff is judged as soon as it is
 * typed: a missing tariff is replaced by a value that can refuse no other row (the highest possible) and a
 * missing period by the year of the date typed, and no error is reported on a replaced field.
 */
export function readPricingForm(values: PricingFormValues, today: Date = new Date()): PricingFormReading {
  const raw = rawPayload(values);
  const shape = pricingPayloadSchema.safeParse(raw);
  if (shape.success) return { payload: shape.data, errors: pricingRuleErrors(shape.data) };

  // The field schemas name their own message for any wrong type: an empty field is said "required" here.
  const errors: FieldErrors = {};
  for (const field of emptyFields(values)) errors[field] = validationMessages.required();
  for (const [field, message] of Object.entries(fieldErrorsFromIssues(shape.error.issues))) {
    errors[field] ??= message;
  }
  const replaced = new Set(Object.keys(errors));
  const period = periodForBounds(values, today);
  const filled = {
    beginDate: replaced.has('beginDate') ? period.beginDate : raw.beginDate,
    endDate: replaced.has('endDate') || replaced.has('beginDate') ? period.endDate : raw.endDate,
    threshold: replaced.has('threshold') ? DEFAULT_THRESHOLD_CENTS : raw.threshold,
    departmentalRate: replaced.has('departmentalRate') ? DEFAULT_DEPARTMENTAL_RATE : raw.departmentalRate,
    rows: Object.fromEntries(
      ESTABLISHMENT_TYPES.map((type) => {
        const field = rowField(type);
        if (type === 'NONE') return [type, replaced.has(field) ? { rate: 100 } : raw.rows.NONE];
        return [type, replaced.has(field) ? { tariff: MAX_CENTS } : raw.rows[type]];
      }),
    ),
  };
  if (replaced.has('beginDate') && !replaced.has('endDate')) replaced.add('endDate');
  const substitute = pricingPayloadSchema.safeParse(filled);
  if (substitute.success) {
    for (const [field, message] of Object.entries(pricingRuleErrors(substitute.data))) {
      if (!replaced.has(field)) errors[field] ??= message;
    }
  }
  return { payload: null, errors };
}

/** The computed columns of one classified row while typing, or null when its tariff is not a number yet. */
export function parsedRowValue(type: EstablishmentType, text: string): number | null {
  if (text.trim() === '') return null;
  return type === 'NONE' ? parsePercentToBasisPoints(text) : parseEurosToCents(text);
}

export type RowBounds =
  | { kind: 'range'; years: number[]; min: number; max: number }
  | { kind: 'missing'; years: number[] };

/**
 * The legal bounds of a row over every year of the period (the strictest of them), or the years whose grid
 * is not in the product. At most a few years are read: a longer period is refused anyway.
 */
export function rowBounds(type: EstablishmentType, period: Period): RowBounds {
  const years = yearsOfPeriod(period).slice(0, 5);
  const grids: YearBounds[] = [];
  const missing: number[] = [];
  for (const year of years) {
    const result = boundsForYear(year);
    if (result.ok) grids.push(result.bounds);
    else missing.push(year);
  }
  if (grids.length === 0) return { kind: 'missing', years: missing };
  const ranges = grids.map((grid) => (type === 'NONE' ? grid.noneRate : grid.tariffs[type]));
  return {
    kind: 'range',
    years: grids.map((grid) => grid.year),
    min: Math.max(...ranges.map((range) => range.min)),
    max: Math.min(...ranges.map((range) => range.max)),
  };
}
