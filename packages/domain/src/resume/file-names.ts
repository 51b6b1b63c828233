import type { Semester } from '../calendar/months';

/** A name as a file name's part: lower case, no accents, words joined by hyphens ("Gîtes du Lac" → "gites-du-lac"). */
export function fileNamePart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const ALL = 'tous';

/**
 * The name of a notices PDF: one provider's carries their name, the whole semester's says "tous", so that a
 * download never takes the name of the other.
 */
export function noticeFileName(scope: { year: number; semester: Semester }, providerName?: string): string {
  return `avis-${scope.year}-S${scope.semester}-${providerName === undefined ? ALL : providerPart(providerName)}.pdf`;
}

function providerPart(name: string): string {
  const part = fileNamePart(name);
  if (part === '') return 'hebergeur';
  // A provider called "Tous" must not take the whole semester's name.
  return part === ALL ? `hebergeur-${part}` : part;
}
