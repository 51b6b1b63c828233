import {
  boundsForYear,
  CLASSIFIED_ESTABLISHMENT_TYPES,
  type ClassifiedEstablishmentType,
  DEFAULT_DEPARTMENTAL_RATE,
  DEFAULT_THRESHOLD_CENTS,
  ESTABLISHMENT_TYPES,
  type EstablishmentType,
  type FieldErrors,
  fieldErrorsFromIssues,
  forfaitBodyErrors,
  isoDateSchema,
  MAX_CENTS,
  type Period,
  type PricingBody,
  type PricingDeliberation,
  type PricingTable,
  pricingBodyRuleErrors,
  pricingBodySchema,
  pricingPayloadSchema,
  pricingRuleErrors,
  storedPricingOfBody,
  type YearBounds,
  yearOfIsoDate,
  yearsOfPeriod,
} from '@sejour/domain';
import { z } from 'zod';
import { fromHundredths, toHundredths } from '../ui/hundredths';
import {
  type DeliberationFormValues,
  deliberationFormOf,
  emptyDeliberationForm,
  rawDeliberation,
} from './deliberation-form';

/**
 * The pricing form's values, shaped like the API payload so that a server refusal (`rows.HOTEL_3.tariff`)
 * lands on the field of the same name, but in the units a person types: euros and percent, as the kit's
 * number fields give them (`null` while empty). `pricingFormSchema` turns them into the payload.
 */
export interface PricingFormValues extends DeliberationFormValues {
  /** ISO dates, as the kit's date field gives them. */
  beginDate: string | null;
  endDate: string | null;
  /** Euros. */
  threshold: number | null;
  /** Percent. */
  departmentalRate: number | null;
  /** Euros per person and night for classified types, percent for NONE. */
  rows: Record<ClassifiedEstablishmentType, { tariff: number | null }> & { NONE: { rate: number | null } };
}

export type PricingField =
  | 'beginDate'
  | 'endDate'
  | 'threshold'
  | 'departmentalRate'
  | 'lowRentThreshold'
  | `rows.${string}`
  | `components.${string}`
  | `collectionPeriods.${string}`
  | `forfait.${string}`;

/** The name of a row's input, as the API names its errors. */
export function rowField(type: EstablishmentType): PricingField {
  return type === 'NONE' ? 'rows.NONE.rate' : `rows.${type}.tariff`;
}

/** Euros and percent are typed with two decimals at most: cents and basis points, exactly. */
export const TYPED_DECIMALS = 2;

function rowsOf(values: (type: EstablishmentType) => number | null): PricingFormValues['rows'] {
  const rows = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [type, { tariff: values(type) }]),
  ) as Record<ClassifiedEstablishmentType, { tariff: number | null }>;
  return { ...rows, NONE: { rate: values('NONE') } };
}

export function emptyPricingForm(): PricingFormValues {
  return {
    beginDate: null,
    endDate: null,
    threshold: fromHundredths(DEFAULT_THRESHOLD_CENTS),
    departmentalRate: fromHundredths(DEFAULT_DEPARTMENTAL_RATE),
    rows: rowsOf(() => null),
    ...emptyDeliberationForm(),
  };
}

/**
 * The form of an existing table; `period` replaces its dates (duplicate for next year). The departmental rate of
 * a table whose departmental component is off is the component's own (the field keeps a rate to turn it on at).
 */
export function pricingFormFromTable(
  table: PricingTable & { deliberation?: PricingDeliberation },
  period: Period = table,
): PricingFormValues {
  const departmental = table.deliberation?.settings.DEPARTMENTAL;
  return {
    beginDate: period.beginDate,
    endDate: period.endDate,
    threshold: fromHundredths(table.threshold),
    departmentalRate: fromHundredths(
      departmental && !departmental.enabled ? departmental.rate : table.departmentalRate,
    ),
    rows: rowsOf((type) => fromHundredths(type === 'NONE' ? table.rows.NONE.rate : table.rows[type].tariff)),
    ...deliberationFormOf(table.deliberation),
  };
}

/** The values in the API's units (cents, basis points), not validated yet. */
export function rawPricingPayload(values: PricingFormValues) {
  const rows: Record<string, { tariff?: number } | { rate?: number }> = {};
  for (const type of CLASSIFIED_ESTABLISHMENT_TYPES) {
    rows[type] = { tariff: toHundredths(values.rows[type].tariff) };
  }
  rows.NONE = { rate: toHundredths(values.rows.NONE.rate) };
  const departmentalRate = toHundredths(values.departmentalRate);
  return {
    beginDate: values.beginDate ?? undefined,
    endDate: values.endDate ?? undefined,
    threshold: toHundredths(values.threshold),
    departmentalRate,
    rows,
    ...rawDeliberation(values, departmentalRate),
  };
}

/** The departmental component's errors are on the field that holds its rate. */
const fieldOfRule = (path: string) => (path === 'components.DEPARTMENTAL.rate' ? 'departmentalRate' : path);

/**
 * The form's resolver schema: the values in the API's units, then the domain's shape and legal rules (the very
 * rules the server applies); each message on its field. A deliberation that is a pricing of today is sent as one
 * (`storedPricingOfBody`), so a pricing of today is judged as it always was.
 */
export function pricingFormSchemaWith(
  entered: readonly YearBounds[],
): z.ZodType<PricingBody, PricingFormValues> {
  return (
    z
      .custom<PricingFormValues>()
      .superRefine((values, ctx) => {
        for (const [path, message] of Object.entries(incompleteFormErrors(values, entered))) {
          ctx.addIssue({ code: 'custom', path: path.split('.'), message });
        }
      })
      .transform((values) => rawPricingPayload(values) as z.input<typeof pricingBodySchema>)
      .pipe(pricingBodySchema)
      // Judged as typed: the stored body leaves out a forfait it cannot read, and would be sent without it.
      .superRefine((body, ctx) => {
        for (const [path, message] of Object.entries(forfaitBodyErrors(body))) {
          ctx.addIssue({ code: 'custom', path: path.split('.'), message });
        }
      })
      .transform((body): PricingBody => storedPricingOfBody(body))
      .superRefine((body, ctx) => {
        for (const [path, message] of Object.entries(pricingBodyRuleErrors(body, entered))) {
          ctx.addIssue({ code: 'custom', path: fieldOfRule(path).split('.'), message });
        }
      })
  );
}

/** The same with the shipped years only. */
export const pricingFormSchema = pricingFormSchemaWith([]);

/**
 * While some fields are still empty or wrong, the others are judged anyway, so that each tariff meets the law
 * as soon as it is typed: a missing tariff is replaced by a value that can refuse no other row (the highest
 * possible), a missing period by the year of the date typed, and no error is reported on a replaced field.
 * Nothing when the shape is whole: `validPricingPayloadSchema` then judges everything.
 */
function incompleteFormErrors(
  values: PricingFormValues,
  entered: readonly YearBounds[],
  today: Date = new Date(),
): FieldErrors {
  const raw = rawPricingPayload(values);
  const shape = pricingPayloadSchema.safeParse(raw);
  if (shape.success) return {};
  // The forfait's rules do not depend on the grid: judged at once, like each tariff.
  const errors = {
    ...forfaitBodyErrors({ forfait: raw.forfait } as PricingBody),
    ...fieldErrorsFromIssues(shape.error.issues),
  };
  const replaced = new Set(Object.keys(errors));
  const period = periodForBounds(values, today);
  const keep = <T>(field: string, value: T, substitute: T): T => (replaced.has(field) ? substitute : value);
  const filled = {
    beginDate: keep('beginDate', raw.beginDate, period.beginDate),
    endDate: replaced.has('beginDate') ? period.endDate : keep('endDate', raw.endDate, period.endDate),
    threshold: keep('threshold', raw.threshold, DEFAULT_THRESHOLD_CENTS),
    departmentalRate: keep('departmentalRate', raw.departmentalRate, DEFAULT_DEPARTMENTAL_RATE),
    rows: Object.fromEntries(
      ESTABLISHMENT_TYPES.map((type) => {
        const field = rowField(type);
        if (type === 'NONE') return [type, keep(field, raw.rows.NONE, { rate: 100 })];
        return [type, keep(field, raw.rows[type], { tariff: MAX_CENTS })];
      }),
    ),
  };
  if (replaced.has('beginDate')) replaced.add('endDate');
  const substitute = pricingPayloadSchema.safeParse(filled);
  if (substitute.success) {
    for (const [field, message] of Object.entries(pricingRuleErrors(substitute.data, entered))) {
      if (!replaced.has(field)) errors[field] ??= message;
    }
  }
  return errors;
}

function isValidDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && isoDateSchema.safeParse(value).success;
}

/** The period the bounds are read for: the typed one, else the year of the date typed, else this year. */
export function periodForBounds(
  values: { beginDate: string | null; endDate: string | null },
  today: Date,
): Period {
  const begin = isValidDate(values.beginDate) ? values.beginDate : undefined;
  const end = isValidDate(values.endDate) ? values.endDate : undefined;
  if (begin && end && begin <= end) return { beginDate: begin, endDate: end };
  const year = begin ? yearOfIsoDate(begin) : end ? yearOfIsoDate(end) : today.getFullYear();
  return { beginDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** A typed value in the API's unit (cents, basis points), or null while it is not a number. */
export function inApiUnit(typed: number | null | undefined): number | null {
  const value = toHundredths(typed);
  return value === undefined || Number.isNaN(value) ? null : value;
}

/** A row's value in the API's unit (cents, or basis points for NONE), or null while it is not a number. */
export function rowValue(values: PricingFormValues['rows'], type: EstablishmentType): number | null {
  return inApiUnit(type === 'NONE' ? values.NONE?.rate : values[type]?.tariff);
}

/** Whether the legal bounds of every year of the period are in the product. */
export function boundsKnown(period: Period, entered: readonly YearBounds[] = []): boolean {
  return yearsOfPeriod(period).every((year) => boundsForYear(year, entered).ok);
}

export type RowBounds =
  | { kind: 'range'; years: number[]; min: number; max: number }
  | { kind: 'missing'; years: number[] };

/**
 * The legal bounds of a row over every year of the period (the strictest of them), or the years whose grid
 * is not in the product. At most a few years are read: a longer period is refused anyway.
 */
export function rowBounds(
  type: EstablishmentType,
  period: Period,
  entered: readonly YearBounds[] = [],
): RowBounds {
  const years = yearsOfPeriod(period).slice(0, 5);
  const grids: YearBounds[] = [];
  const missing: number[] = [];
  for (const year of years) {
    const result = boundsForYear(year, entered);
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
