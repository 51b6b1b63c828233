import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { AGE_OF_THE_UNIVERSE_SECONDS, crackTimeMessage, crackTimeText } from './crack-time';
import {
  evaluatePassword,
  newPasswordField,
  newPasswordFormSchema,
  PASSWORD_MIN_SCORE,
  passwordPolicyMessages,
  passwordProblem,
} from './policy';
import { createPasswordEstimator } from './zxcvbn';

const estimator = createPasswordEstimator();

describe('password policy', () => {
  it.each([
    'password1',
    'azertyuiop',
    'motdepasse',
    'Bonjour123',
    'P@ssw0rd!',
    'Marseille13',
    '12345678',
    'aaaaaaaaaaaa',
    'abcdefghij',
  ])('refuses %s', (password) => {
    expect(passwordProblem(password, estimator)).not.toBeNull();
  });

  it.each([
    'Correct-Horse-42',
    'chevalbatterieagrafe',
    'x7#kP2m9q',
    'Soleil sur la Moselle',
    'Vélo-Thé-Cèpe-2031',
    '長い秘密のパスワード',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password, estimator)).toBeNull();
  });

  it('refuses a password on the common-password list whatever its case, with its own message', () => {
    const { problem, estimate } = evaluatePassword('SUPERMAN1', estimator);
    expect(estimate.common).toBe(true);
    expect(problem).toBe(passwordPolicyMessages.common());
  });

  it('refuses the weakest scores with the estimator’s French warning', () => {
    const { problem, estimate } = evaluatePassword('qsdfghjklm', estimator);
    expect(estimate.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(problem).toBe(
      'Ce mot de passe est trop facile à deviner. Les lignes droites de touches de votre clavier sont faciles à deviner.',
    );
  });

  it('counts the username as a guessable word', () => {
    const password = 'pierrette.dumoulin1';
    expect(evaluatePassword(password, estimator).problem).toBeNull();
    expect(evaluatePassword(password, estimator, { username: 'pierrette.dumoulin' }).problem).not.toBeNull();
  });

  it('checks the length bounds first, with the spec’s messages', () => {
    expect(passwordProblem('Ab1!x', estimator)).toBe(
      'Veuillez utiliser au moins 8 caractères pour ce champ (vous utilisez actuellement 5 caractères).',
    );
    expect(passwordProblem('x'.repeat(129), estimator)).toBe(
      'Veuillez raccourcir ce champ à 128 caractères ou moins (vous utilisez actuellement 129 caractères).',
    );
    expect(passwordProblem('', estimator)).toBe('Veuillez compléter ce champ.');
  });

  it('takes any characters: within the bounds, a score and the verdict it implies', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128, unit: 'grapheme' }), (password) => {
        // Graphemes of several code units may take the string past the bound, counted in code units.
        fc.pre(password.length <= 128);
        const { estimate, problem } = evaluatePassword(password, estimator);
        expect([0, 1, 2, 3, 4]).toContain(estimate.score);
        expect(problem === null).toBe(!estimate.common && estimate.score >= PASSWORD_MIN_SCORE);
      }),
      { numRuns: 100 },
    );
    // Each estimate of a long random string is tens of milliseconds of work: room for a loaded machine.
  }, 30_000);

  it('never hands the estimator more than 128 characters: its cost grows with the length', () => {
    const estimate = vi.spyOn(estimator, 'estimate');
    try {
      const schema = newPasswordFormSchema(newPasswordField(estimator));
      fc.assert(
        fc.property(fc.string({ minLength: 129, maxLength: 2000, unit: 'grapheme' }), (password) => {
          expect(passwordProblem(password, estimator)).toBe(
            `Veuillez raccourcir ce champ à 128 caractères ou moins (vous utilisez actuellement ${password.length} caractères).`,
          );
          expect(schema.safeParse({ password, confirm: password }).success).toBe(false);
        }),
        { numRuns: 50 },
      );
      expect(estimate).not.toHaveBeenCalled();
    } finally {
      estimate.mockRestore();
    }
  });

  it('the form schema refuses a weak password and a different confirmation, on their fields', () => {
    const schema = newPasswordFormSchema(newPasswordField(estimator, { username: 'henri' }));
    const weak = schema.safeParse({ password: 'henri2026', confirm: 'henri2026' });
    expect(weak.success).toBe(false);
    expect(Object.keys(fieldErrorsFromIssues(weak.error?.issues ?? []))).toEqual(['password']);
    const differ = schema.safeParse({ password: 'Correct-Horse-42', confirm: 'Correct-Horse-43' });
    expect(fieldErrorsFromIssues(differ.error?.issues ?? [])).toEqual({
      confirm: 'Les deux mots de passe ne sont pas identiques.',
    });
    expect(schema.safeParse({ password: 'Correct-Horse-42', confirm: 'Correct-Horse-42' }).success).toBe(
      true,
    );
  });
});

describe('time to crack', () => {
  const MINUTE = 60;
  const HOUR = 3600;
  const DAY = 86_400;
  const YEAR = 365.25 * DAY;

  it.each([
    [0, 'moins d’une seconde'],
    [0.4, 'moins d’une seconde'],
    [1, '1 seconde'],
    [59, '59 secondes'],
    [MINUTE, '1 minute'],
    [59.9 * MINUTE, '59 minutes'],
    [3 * HOUR, '3 heures'],
    [DAY, '1 jour'],
    [45 * DAY, '1 mois'],
    [11 * 31 * DAY, '11 mois'],
    [YEAR, '1 an'],
    [42 * YEAR, '42 ans'],
    [250 * YEAR, '2 siècles'],
    [3000 * YEAR, '3 millénaires'],
    [2e6 * YEAR, '2 millions d’années'],
    [1e9 * YEAR, '1 milliard d’années'],
    [AGE_OF_THE_UNIVERSE_SECONDS, 'l’âge de l’univers'],
    [Number.POSITIVE_INFINITY, 'l’âge de l’univers'],
  ])('%d s → %s', (seconds, text) => {
    expect(crackTimeText(seconds)).toBe(text);
  });

  it('says it as a sentence, from under a second to the age of the universe', () => {
    expect(crackTimeMessage(0.01)).toBe('Ce mot de passe serait deviné en moins d’une seconde.');
    expect(crackTimeMessage(3 * HOUR)).toBe('Ce mot de passe serait deviné en 3 heures au plus.');
    expect(crackTimeMessage(1e30)).toBe(
      'Il faudrait plus que l’âge de l’univers pour deviner ce mot de passe.',
    );
  });

  it('grows with the estimate', () => {
    const weak = evaluatePassword('soleil12', estimator).estimate.crackSeconds;
    const strong = evaluatePassword('Soleil sur la Moselle en juillet', estimator).estimate.crackSeconds;
    expect(strong).toBeGreaterThan(weak);
  });
});
