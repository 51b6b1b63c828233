import {
  type EstablishmentType,
  type ForfaitSettings,
  isClassificationAllowed,
  NATURES,
  type Nature,
  regimeOf,
  STARS,
  type Stars,
  typeOfNature,
} from '@sejour/domain';

/** The grid row of a nature and classification as a simulator's selects give them (text). */

export const isNature = (value: unknown): value is Nature =>
  typeof value === 'string' && (NATURES as readonly string[]).includes(value);

function starsOf(value: unknown): Stars | null {
  const stars = Number(value);
  return value && (STARS as readonly number[]).includes(stars) ? (stars as Stars) : null;
}

/** The row a nature and classification give; null without a nature or with stars it cannot have. */
export function rowOfChoice(values: {
  nature?: string | undefined;
  stars?: string | undefined;
}): EstablishmentType | null {
  if (!isNature(values.nature)) return null;
  const stars = starsOf(values.stars);
  return isClassificationAllowed(values.nature, stars) ? typeOfNature(values.nature, stars) : null;
}

/**
 * Whether the deliberation taxes the chosen nature and classification au forfait: such a host pays on capacity and
 * nights open, whoever stays, so a stay has no tax of its own to simulate.
 */
export function isForfaitChoice(
  values: { nature?: string | undefined; stars?: string | undefined },
  forfait: Pick<ForfaitSettings, 'natures'>,
): boolean {
  return (
    isNature(values.nature) &&
    regimeOf(forfait, { nature: values.nature, stars: starsOf(values.stars) }) === 'FORFAIT'
  );
}
