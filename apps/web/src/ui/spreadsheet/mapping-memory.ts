import { normaliseHeader } from '@sejour/domain';

/**
 * A user's column choices of an import, kept in the browser (they are a convenience, not data the
 * collectivity needs): by the file's header line, so the same file chosen again — or next month's file of the
 * same spreadsheet — is mapped as the user left it; and the latest choices by header name, for a file whose
 * header differs but keeps some of those names. Per user, so two people sharing a computer keep theirs; per
 * import (`storageKey`), since each has its own fields.
 */

type Remembered = Partial<Record<string, string | null>>;
interface Memory {
  byHeader: Record<string, Remembered>;
  latest: Remembered;
}

/** Files remembered per user: the oldest are forgotten first. */
const MAX_FILES = 20;

/** The header line as one key: its names normalised, in order. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('|');
}

/** Which field of an import each column of a file holds (an index into its header line), or null. */
type Mapping<C extends string> = Record<C, number | null>;

/**
 * The memory of one import's mappings: `storageKey` names it in the browser's storage (with the user's id),
 * `columns` are its fields.
 */
export function createMappingMemory<C extends string>(storageKey: string, columns: readonly C[]) {
  const keyOf = (userId: number) => `${storageKey}.${userId}`;

  function read(userId: number): Memory {
    try {
      const parsed = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Memory | null;
      if (parsed && typeof parsed.byHeader === 'object' && typeof parsed.latest === 'object') return parsed;
    } catch {
      // A storage refused (private mode) or a value not ours: nothing remembered.
    }
    return { byHeader: {}, latest: {} };
  }

  /** Column → header name (null: the host chose none), which survives columns moved in the file. */
  function byName(mapping: Mapping<C>, headers: readonly string[]): Remembered {
    const named: Remembered = {};
    for (const column of columns) {
      const index = mapping[column];
      named[column] = index === null ? null : normaliseHeader(headers[index] ?? '');
    }
    return named;
  }

  function rememberMapping(userId: number, headers: readonly string[], mapping: Mapping<C>): void {
    const memory = read(userId);
    const signature = headerSignature(headers);
    const named = byName(mapping, headers);
    delete memory.byHeader[signature];
    memory.byHeader[signature] = named;
    const kept = Object.keys(memory.byHeader);
    for (const old of kept.slice(0, Math.max(0, kept.length - MAX_FILES))) delete memory.byHeader[old];
    memory.latest = named;
    try {
      localStorage.setItem(keyOf(userId), JSON.stringify(memory));
    } catch {
      // Storage full or refused: the mapping is simply not remembered.
    }
  }

  /**
   * The mapping of a header line: what the host chose for this very header, else the guess completed by the
   * latest choices whose header names this file has.
   */
  function recallMapping(
    userId: number | undefined,
    headers: readonly string[],
    guessed: Mapping<C>,
  ): Mapping<C> {
    if (userId === undefined) return guessed;
    const memory = read(userId);
    const names = headers.map(normaliseHeader);
    const indexOf = (name: string | null | undefined) => (name ? names.indexOf(name) : -1);
    const same = memory.byHeader[headerSignature(headers)];
    if (same) {
      const mapping = { ...guessed };
      for (const column of columns) {
        if (!(column in same)) continue;
        const index = indexOf(same[column]);
        mapping[column] = same[column] === null ? null : index >= 0 ? index : guessed[column];
      }
      return mapping;
    }
    const mapping = { ...guessed };
    const used = new Set(Object.values(mapping).filter((i): i is number => i !== null));
    for (const column of columns) {
      if (mapping[column] !== null) continue;
      const index = indexOf(memory.latest[column]);
      if (index >= 0 && !used.has(index)) {
        mapping[column] = index;
        used.add(index);
      }
    }
    return mapping;
  }

  return { remember: rememberMapping, recall: recallMapping };
}
