/**
 * The password strength estimator: zxcvbn-ts with its common (international passwords, keyboards) and
 * French dictionaries. They weigh about 520 KB gzipped, so they are loaded with `import()` on first use
 * only: the web app downloads them on the password screens, the server on the first password it checks.
 */

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordEstimate {
  /** zxcvbn's score: 0 too guessable (< 10³ guesses), 1 very (< 10⁶), 2 somewhat (< 10⁸), 3 safe (< 10¹⁰), 4. */
  score: PasswordScore;
  guesses: number;
  /**
   * Seconds an attacker holding the hashes would need at most, at 10 000 guesses a second (a slow,
   * memory-hard hash such as the argon2id the server uses).
   */
  crackSeconds: number;
  /** On the common-password list (case-insensitive). */
  common: boolean;
  /** zxcvbn's French warning, if any. */
  warning: string | null;
  suggestions: string[];
}

export interface PasswordEstimator {
  estimate(password: string, userInputs?: readonly string[]): PasswordEstimate;
}

let loading: Promise<PasswordEstimator> | undefined;

/** Loads the dictionaries once; later calls share the same estimator. A failed load can be retried. */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= createEstimator().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createEstimator(): Promise<PasswordEstimator> {
  const [{ ZxcvbnFactory }, common, french] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
    translations: french.translations,
    // The Levenshtein matcher costs ~100 ms per estimate (too slow for a meter updated as one types, and
    // CPU the server would spend on the event loop); the explicit common-password list covers exact hits.
    useLevenshteinDistance: false,
  });
  const commonPasswords = new Set(common.dictionary['passwords-common'].map((p) => String(p).toLowerCase()));

  return {
    estimate(password, userInputs = []) {
      const result = zxcvbn.check(password, [...userInputs]);
      return {
        score: result.score,
        guesses: result.guesses,
        crackSeconds: result.crackTimes.offlineSlowHashingXPerSecond.seconds,
        common: commonPasswords.has(password.toLowerCase()),
        warning: sentence(result.feedback.warning),
        suggestions: result.feedback.suggestions.map((s) => sentence(s) ?? s),
      };
    },
  };
}

/** zxcvbn's French texts do not all end with a full stop. */
function sentence(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
