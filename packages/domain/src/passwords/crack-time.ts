/**
 * The time-to-crack of the strength meter ("would be cracked in at most {n}"), in French, from
 * "moins d’une seconde" up to "l’âge de l’univers".
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;
/** About 13.8 billion years. */
export const AGE_OF_THE_UNIVERSE_SECONDS = 13.8e9 * YEAR;

/** From the largest unit down: [seconds in one unit, singular, plural]. */
const UNITS: ReadonlyArray<readonly [number, string, string]> = [
  [1e9 * YEAR, 'milliard d’années', 'milliards d’années'],
  [1e6 * YEAR, 'million d’années', 'millions d’années'],
  [1000 * YEAR, 'millénaire', 'millénaires'],
  [100 * YEAR, 'siècle', 'siècles'],
  [YEAR, 'an', 'ans'],
  [MONTH, 'mois', 'mois'],
  [DAY, 'jour', 'jours'],
  [HOUR, 'heure', 'heures'],
  [MINUTE, 'minute', 'minutes'],
  [1, 'seconde', 'secondes'],
];

/** "moins d’une seconde", "1 minute", "3 heures", "12 siècles", … "l’âge de l’univers". */
export function crackTimeText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds >= AGE_OF_THE_UNIVERSE_SECONDS) return 'l’âge de l’univers';
  if (seconds < 1) return 'moins d’une seconde';
  for (const [size, one, many] of UNITS) {
    if (seconds >= size) {
      // Rounded down: the unit never jumps to the next one ("60 minutes"), and "at most" stays true.
      const n = Math.floor(seconds / size);
      return `${n} ${n === 1 ? one : many}`;
    }
  }
  return 'moins d’une seconde';
}

/** The meter's sentence: how long an attacker would need, at most, to find the password. */
export function crackTimeMessage(seconds: number): string {
  const text = crackTimeText(seconds);
  if (text === 'l’âge de l’univers')
    return 'Il faudrait plus que l’âge de l’univers pour deviner ce mot de passe.';
  if (seconds < 1) return 'Ce mot de passe serait deviné en moins d’une seconde.';
  return `Ce mot de passe serait deviné en ${text} au plus.`;
}
