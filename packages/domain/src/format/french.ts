/**
 * French elision of "de" before a word that starts with a vowel sound: "d’octobre", "d’avril", "d’août",
 * "d’Hélène", but "de mars", "de juin". A mute h elides ("d’hôtel"); an aspirated h does not ("de hameau"):
 * the h-words that do not elide are listed, the others are taken as mute (most words a host types).
 */
const VOWEL = /^[aàâäeéèêëiîïoôöuùûüyœæ]/i;
const H_VOWEL = /^h[aàâäeéèêëiîïoôöuùûüyœæ]/i;

/** Words starting with an aspirated h (and their derivatives by prefix): no elision before them. */
const ASPIRATED_H = [
  'hache',
  'haie',
  'haine',
  'hall',
  'halle',
  'hamac',
  'hameau',
  'hanche',
  'handicap',
  'hangar',
  'hanté',
  'haras',
  'hardi',
  'haricot',
  'harpe',
  'hasard',
  'hâte',
  'hausse',
  'haut',
  'havre',
  'hérisson',
  'héros',
  'hêtre',
  'hibou',
  'hockey',
  'hollande',
  'homard',
  'hongrie',
  'honte',
  'hors',
  'houblon',
  'housse',
  'hublot',
  'huit',
  'hurl',
  'hutte',
];

/** True when "de" before `word` becomes "d’". */
export function elidesDe(word: string): boolean {
  const text = word.trimStart();
  if (VOWEL.test(text)) return true;
  if (!H_VOWEL.test(text)) return false;
  const lower = text.toLocaleLowerCase('fr-FR');
  return !ASPIRATED_H.some((h) => lower.startsWith(h));
}

/** "de" and the word, elided when French elides it: deFr('octobre') = "d’octobre", deFr('mars') = "de mars". */
export function deFr(word: string): string {
  const text = word.trimStart();
  return elidesDe(text) ? `d’${text}` : `de ${text}`;
}

const plurals = new Intl.PluralRules('fr-FR');

/** The French form for `count` (0 and 1 singular): frPlural(2, 'séjour', 'séjours') = "séjours". */
export function frPlural(count: number, one: string, other: string): string {
  return plurals.select(count) === 'one' ? one : other;
}
