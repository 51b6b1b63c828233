import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import {
  CAPACITY_UNITS,
  forfaitCapacitySchema,
  openingPeriodSchema,
  openingPeriodsSchema,
} from '../deliberation/forfait';
import { intField } from '../validation/fields';

/**
 * A forfait declaration: one per establishment au forfait and collection period, stored as a declaration of
 * the month the period starts (docs/decisions/0146-forfait-declarations.md). The host states the opening
 * periods and the capacity; the amounts follow from the deliberation.
 */

/** What the host enters: the opening periods inside the collection period, and the counted capacity. */
const forfaitFiguresShape = {
  openingPeriods: openingPeriodsSchema,
  capacity: forfaitCapacitySchema,
};

/** Body of `POST declarations/forfait`: the establishment, the first day of the collection period, the figures. */
export const forfaitDeclarationCreateSchema = z.object({
  establishmentId: intField({ min: 1 }),
  periodStart: isoDateSchema,
  ...forfaitFiguresShape,
});
export type ForfaitDeclarationCreate = z.output<typeof forfaitDeclarationCreateSchema>;
export type ForfaitDeclarationCreateInput = z.input<typeof forfaitDeclarationCreateSchema>;

/** Body of `PUT declarations/{id}/forfait`. */
export const forfaitDeclarationUpdateSchema = z.object(forfaitFiguresShape);
export type ForfaitDeclarationUpdate = z.output<typeof forfaitDeclarationUpdateSchema>;
export type ForfaitDeclarationUpdateInput = z.input<typeof forfaitDeclarationUpdateSchema>;

/** The forfait part of a declaration, as the API answers it (null on a declaration au réel). */
export const declarationForfaitSchema = z.object({
  /** The collection period declared, both days included. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The last day the declaration was on time (one month before the period starts). */
  deadline: z.string(),
  /** Marked done after the deadline, or not done and the deadline passed. */
  late: z.boolean(),
  openingPeriods: z.array(openingPeriodSchema),
  /** Pitches, beds, moorings or persons, as the host counted them. */
  capacity: z.number().int(),
  capacityUnit: z.enum(CAPACITY_UNITS),
  personsPerUnit: z.number().int(),
  /** The rule used, in words: "3 personnes par emplacement". */
  capacityRule: z.string(),
  /** capacity × persons per unit. */
  capacityUnits: z.number().int(),
  /** Nights open inside the collection period. */
  nights: z.number().int(),
  /** Basis points. */
  abatementRate: z.number().int(),
});
export type DeclarationForfait = z.infer<typeof declarationForfaitSchema>;

/** One collection period of an establishment au forfait, as its year view lists it. */
export const forfaitPeriodSummarySchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  deadline: z.string(),
  /** `done`, `draft`, `late` (deadline passed, not done) or `todo`. */
  state: z.enum(['done', 'draft', 'late', 'todo']),
  /** Done after the deadline, or still not done after it. */
  late: z.boolean(),
  declarationId: z.number().int().nullable(),
  totalAmount: z.number().int().nullable(),
});
export type ForfaitPeriodSummary = z.infer<typeof forfaitPeriodSummarySchema>;

/** The collection period a row of a list stands for, when it is a forfait declaration's (null: a month's). */
export const forfaitPeriodRefSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The last day its declaration was on time. */
  deadline: z.string(),
});
export type ForfaitPeriodRef = z.infer<typeof forfaitPeriodRefSchema>;
