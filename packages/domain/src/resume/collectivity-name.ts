/**
 * Common nouns a collectivity's name may start with, and their gender: "Communauté de communes du Saulnois"
 * takes an article in a sentence ("La Communauté de communes… vous a ouvert un compte"), "Metz Métropole"
 * (a proper noun first) does not.
 */
const FEMININE = [
  'agglomération',
  'collectivité',
  'commune',
  'communauté',
  'eurométropole',
  'mairie',
  'métropole',
  'région',
  'ville',
];
const MASCULINE = [
  'conseil',
  'département',
  'district',
  'établissement',
  'office',
  'pays',
  'pôle',
  'service',
  'syndicat',
  'territoire',
];

const startsWithVowel = (word: string) => /^[aeiouyhàâäéèêëîïôöùûü]/i.test(word);

/** The article the name takes in a sentence ('la', 'le', 'l’'), or none for a proper noun or a name that has one. */
function articleOf(name: string): string {
  const first = (name.trim().split(/[\s'’-]/)[0] ?? '').toLowerCase();
  const common = FEMININE.includes(first) || MASCULINE.includes(first);
  if (!common) return '';
  if (startsWithVowel(first)) return 'l’';
  return FEMININE.includes(first) ? 'la ' : 'le ';
}

/** The name as a sentence's subject: "La Communauté de communes du Saulnois", "Metz Métropole". */
export function collectivitySubject(name: string): string {
  const article = articleOf(name);
  const trimmed = name.trim();
  if (!article) return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return `${article.charAt(0).toUpperCase()}${article.slice(1)}${trimmed}`;
}

/** The name inside a sentence, after a verb: "contactez la Communauté de communes", "contactez Metz Métropole". */
export function collectivityInSentence(name: string): string {
  const trimmed = name.trim();
  // A name written with its own article lowers it inside a sentence: "contactez le Pays Messin".
  if (/^(la|le|les)\s|^l[’']/i.test(trimmed)) return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
  return `${articleOf(trimmed)}${trimmed}`;
}
