import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as french from '@zxcvbn-ts/language-fr';
import type { PasswordEstimator } from './estimator';

/** zxcvbn-ts with its common (international passwords, keyboards) and French dictionaries. */
export function createPasswordEstimator(): PasswordEstimator {
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
