import { type EstablishmentType, establishmentTypeInfo } from '../establishments/types';
import {
  classificationsOf,
  isClassificationAllowed,
  NATURES,
  type Nature,
  natureInfo,
  STARS,
  type Stars,
  starsLabel,
  typeOfNature,
} from './natures';

/**
 * What a form shows of a nature and classification while the person picks them (the establishment form, the
 * public registration form): the choices
 * a nature allows and the grid row they give. Form values are text (a select's), read here.
 */

export const isNature = (value: unknown): value is Nature =>
  typeof value === 'string' && (NATURES as readonly string[]).includes(value);

/** Stars from a select's text ("3"), `null` for "unclassified" or anything else. */
export function starsOf(value: unknown): Stars | null {
  const stars = Number(value);
  return (STARS as readonly number[]).includes(stars) && value !== '' && value !== null
    ? (stars as Stars)
    : null;
}

export function natureSuggestions(unset: string) {
  return [{ value: '', text: unset }, ...NATURES.map((value) => ({ value, text: natureInfo[value].label }))];
}

/** The classifications a nature allows, the highest first, "unclassified" last; none when it has no stars. */
export function starsSuggestions(nature: Nature, unclassified: string) {
  if (natureInfo[nature].stars.length === 0) return [];
  return classificationsOf(nature).map((stars) =>
    stars === null ? { value: '', text: unclassified } : { value: String(stars), text: starsLabel(stars) },
  );
}

/** The row a nature and classification give, `null` while the pair is not one the law allows. */
export function gridRowOf(nature: unknown, stars: unknown): EstablishmentType | null {
  if (!isNature(nature)) return null;
  const classification = starsOf(stars);
  return isClassificationAllowed(nature, classification) ? typeOfNature(nature, classification) : null;
}

export const gridRowLabel = (type: EstablishmentType) => establishmentTypeInfo[type].label;
