import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import {
  isClassificationAllowed,
  type Nature,
  natureClassificationLabel,
  natureMessages,
  natureSchema,
  STARS,
  type Stars,
  starsSchema,
  typeOfNature,
} from '../deliberation/natures';
import { validationMessages as m } from '../validation/messages';
import { type EstablishmentType, establishmentTypeInfo } from './types';

/**
 * An establishment's nature and classification as its form and the API carry them. Left out (or empty), the
 * establishment is handled as before natures existed: its `type` is the one sent, and a nature already stored
 * is kept while that type is the one it gives. Given, the nature decides the type (`typeOfNature`).
 */

export const establishmentNatureMessages = {
  starsWithoutNature: () => 'Veuillez choisir la nature de l’hébergement avant son classement.',
  typeContradicts: (nature: Nature, stars: Stars | null, type: EstablishmentType) =>
    `« ${natureClassificationLabel(nature, stars)} » relève de la ligne « ${establishmentTypeInfo[typeOfNature(nature, stars)].label} » du barème, pas de « ${establishmentTypeInfo[type].label} » : laissez le type vide, il se déduit de la nature et du classement.`,
  readingOfOtherType: (nature: Nature, stars: Stars | null, type: EstablishmentType) =>
    `« ${natureClassificationLabel(nature, stars)} » relève de la ligne « ${establishmentTypeInfo[typeOfNature(nature, stars)].label} » : confirmer une nature ne change pas la ligne « ${establishmentTypeInfo[type].label} » de cet établissement.`,
} as const;

const empty = (value: unknown) => value === '' || value === null;

/** A nature, or nothing (`''`, `null`). */
export const natureField = z
  .union([z.literal(''), z.null(), natureSchema], { error: natureMessages.nature() })
  .transform((value): Nature | null => (empty(value) ? null : (value as Nature)));

/** Stars 1–5 (a select gives them as text), or nothing: unclassified or awaiting classification. */
export const starsField = z
  .union([z.literal(''), z.null(), starsSchema, z.enum(STARS.map(String) as [string, ...string[]])], {
    error: natureMessages.stars(),
  })
  .transform((value): Stars | null => (empty(value) ? null : (Number(value) as Stars)));

/** The classification decision's date, or nothing. */
export const classifiedOnField = z
  .union([z.literal(''), z.null(), isoDateSchema], { error: m.date() })
  .transform((value): string | null => (empty(value) ? null : (value as string)));

/** The fields a payload adds to an establishment's; each may be left out. */
export const natureFields = {
  nature: natureField.optional(),
  stars: starsField.optional(),
  classifiedOn: classifiedOnField.optional(),
};

type NatureFieldValues = {
  type: EstablishmentType | null;
  nature?: Nature | null;
  stars?: Stars | null;
  classifiedOn?: string | null;
};

/**
 * The payload's rules across fields: a classification the nature can have, a decision date only for a
 * classified one, no classification without a nature, and a type — when one is sent with a nature — that is
 * the row the nature gives (a contradiction is refused rather than one of the two silently chosen).
 */
export function checkNatureFields(value: NatureFieldValues, ctx: z.RefinementCtx): void {
  const stars = value.stars ?? null;
  const classifiedOn = value.classifiedOn ?? null;
  if (!value.nature) {
    if (stars !== null || classifiedOn !== null) {
      ctx.addIssue({
        code: 'custom',
        path: [stars !== null ? 'stars' : 'classifiedOn'],
        message: establishmentNatureMessages.starsWithoutNature(),
      });
    }
    return;
  }
  if (!isClassificationAllowed(value.nature, stars)) {
    ctx.addIssue({ code: 'custom', path: ['stars'], message: natureMessages.starsNotAllowed(value.nature) });
    return;
  }
  if (stars === null && classifiedOn !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['classifiedOn'],
      message: natureMessages.decisionDateWithoutStars(),
    });
  }
  if (value.type !== null && value.type !== typeOfNature(value.nature, stars)) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: establishmentNatureMessages.typeContradicts(value.nature, stars, value.type),
    });
  }
}
