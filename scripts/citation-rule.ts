/**
 * Comments and docs state their rule, or point to a file of docs/decisions: they never cite a section of
 * documents that are not in the repository ("spec §2", "design §4") nor an issue by number ("issue 5").
 */
const CITATION = /\b(?:spec|design)(?:'s|’s)? §\s?\d|§\s?\d+\s+of the (?:spec|design)|\bissue #?\d+/gi;

export interface Citation {
  line: number;
  text: string;
}

export function citationsIn(text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) found.push({ line: index + 1, text: match[0] });
  });
  return found;
}
