import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { deMonth } from '../calendar/months';
import type { YearMonth } from '../declarations/calendar';
import { frenchDate } from '../deliberation/forfait';
import { intParam, text } from '../validation/fields';

/** Longest reason of a closure or a cessation: a sentence, not a file. */
export const LIFE_REASON_MAX = 300;

/** Longest closure: a few years of works at most; beyond it, a typing error (the cessation says "for good"). */
export const CLOSURE_MAX_DAYS = 3 * 366;

/** Dates of the establishment's life: those a declaration may name. */
const LIFE_YEAR_MIN = 2000;
const LIFE_YEAR_MAX = 2100;

export const lifeMessages = {
  endBeforeStart: () => 'La fin de la fermeture ne peut pas précéder son début.',
  tooLong: () =>
    'Une fermeture dure au plus trois ans : pour un arrêt définitif, déclarez la cessation d’activité.',
  range: () => `La date doit être comprise entre le 01/01/${LIFE_YEAR_MIN} et le 31/12/${LIFE_YEAR_MAX}.`,
  overlap: (start: string, end: string) =>
    `Cette fermeture chevauche celle du ${frenchDate(start)} au ${frenchDate(end)}.`,
  closureDeclared: (target: YearMonth) =>
    `Le mois ${deMonth(target.month)} ${target.year} est déjà déclaré avec des nuitées : une fermeture ne peut pas le couvrir entièrement.`,
  cessationDeclared: (target: YearMonth) =>
    `Le mois ${deMonth(target.month)} ${target.year} est déclaré avec des nuitées : la cessation ne peut pas le précéder.`,
  cessationBeforeOpening: () => 'La cessation ne peut pas précéder la date d’ouverture.',
  monthClosed: (target: YearMonth, reason: string) =>
    `L’établissement est fermé tout le mois ${deMonth(target.month)} ${target.year} (${reason}) : il n’y a rien à déclarer.`,
  periodClosed: (start: string, end: string) =>
    `L’établissement est fermé ou a cessé son activité pendant toute la période du ${frenchDate(start)} au ${frenchDate(end)} : il n’y a rien à déclarer.`,
  closureHasStays: (arrival: string, departure: string) =>
    `Le registre compte un séjour du ${frenchDate(arrival)} au ${frenchDate(departure)} pendant cette fermeture : modifiez-le ou supprimez-le d’abord.`,
  cessationHasStays: (arrival: string, departure: string) =>
    `Le registre compte un séjour du ${frenchDate(arrival)} au ${frenchDate(departure)} après cette date : la cessation ne peut pas le précéder.`,
  stayClosed: (night: string, reason: string) =>
    `L’établissement est fermé la nuit du ${frenchDate(night)}${reason ? ` (${reason})` : ''} : un séjour ne peut pas y compter cette nuit.`,
  stayCeased: (ceasedOn: string) =>
    `L’établissement a cessé son activité le ${frenchDate(ceasedOn)} : un séjour ne peut plus y compter de nuit à partir de cette date.`,
  monthCeased: (target: YearMonth, ceasedOn: string) =>
    `L’établissement a cessé son activité le ${frenchDate(ceasedOn)} : le mois ${deMonth(target.month)} ${target.year} n’est plus à déclarer.`,
} as const;

const lifeDate = isoDateSchema.refine(
  (value) => value >= `${LIFE_YEAR_MIN}-01-01` && value <= `${LIFE_YEAR_MAX}-12-31`,
  { error: lifeMessages.range() },
);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/**
 * Body of `POST establishments/{id}/closures`: nights not let from `startDate` to `endDate`, both included
 * (a night is named by the evening it starts), and why.
 */
export const closurePayloadSchema = z
  .object({
    startDate: lifeDate,
    endDate: lifeDate,
    reason: text({ max: LIFE_REASON_MAX }),
  })
  .superRefine((closure, ctx) => {
    if (closure.endDate < closure.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: lifeMessages.endBeforeStart() });
    else if (daysBetween(closure.startDate, closure.endDate) >= CLOSURE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: lifeMessages.tooLong() });
  });
export type ClosurePayload = z.output<typeof closurePayloadSchema>;
export type ClosurePayloadInput = z.input<typeof closurePayloadSchema>;

/** Body of `PUT establishments/{id}/cessation`: the first night no longer let, and why. */
export const cessationPayloadSchema = z.object({
  ceasedOn: lifeDate,
  reason: text({ max: LIFE_REASON_MAX }),
});
export type CessationPayload = z.output<typeof cessationPayloadSchema>;
export type CessationPayloadInput = z.input<typeof cessationPayloadSchema>;

export const closureParamsSchema = z.object({ id: intParam({ min: 1 }), closureId: intParam({ min: 1 }) });

export const closureSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  /** Who entered it, as the journal names people. */
  createdBy: z.string().nullable(),
  createDate: z.string(),
});
export type Closure = z.infer<typeof closureSchema>;

/** The life of an establishment: its opening, its closures (in date order) and its cessation. */
export const establishmentLifeSchema = z.object({
  establishmentId: z.number().int(),
  openingDate: z.string().nullable(),
  closures: z.array(closureSchema),
  cessation: z.object({ ceasedOn: z.string(), reason: z.string(), createDate: z.string() }).nullable(),
});
export type EstablishmentLifeView = z.infer<typeof establishmentLifeSchema>;
