/**
 * What the password policy asks of a strength estimator. The estimator itself (zxcvbn-ts and its
 * dictionaries, ≈ 520 KB gzip) is `createPasswordEstimator` in `zxcvbn.ts`, a module of its own
 * (`@sejour/domain/password-estimator`): the server imports it, the web app downloads it on its password screens.
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
