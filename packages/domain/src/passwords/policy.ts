import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordField } from '../identity/schemas';
import { validationMessages as m } from '../validation/messages';
import type { PasswordEstimate, PasswordEstimator, PasswordScore } from './estimator';

/**
 * The password policy, the same on the server (the authority) and in the forms (docs/decisions/0102):
 * 8 to 128 characters of any kind (`passwordField`), not on the common-password list, and rated at least
 * "somewhat guessable" by the estimator — scores 0 (< 10³ guesses) and 1 (< 10⁶ guesses) are refused.
 */
export const PASSWORD_MIN_SCORE: PasswordScore = 2;

export const passwordPolicyMessages = {
  common: () => 'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
  weak: (warning: string | null) =>
    warning
      ? `Ce mot de passe est trop facile à deviner. ${warning}`
      : 'Ce mot de passe est trop facile à deviner.',
} as const;

/** What both sides know of the account when a password is chosen: its username. */
export interface PasswordContext {
  username?: string | null;
}

/** Words an attacker would try first for this account on this product. */
export function passwordUserInputs(context: PasswordContext = {}): string[] {
  const inputs = ['sejour', 'séjour', 'taxe', 'taxedesejour', 'taxe de séjour'];
  const username = context.username?.trim();
  if (username) inputs.push(username, ...username.split(/[._@-]+/).filter((part) => part.length >= 3));
  return inputs;
}

export interface PasswordEvaluation {
  estimate: PasswordEstimate;
  /** The French reason the password is refused, or null when the policy accepts it. */
  problem: string | null;
}

/** The strength rules on a password whose length is already within bounds. */
export function evaluatePassword(
  password: string,
  estimator: PasswordEstimator,
  context: PasswordContext = {},
): PasswordEvaluation {
  const estimate = estimator.estimate(password, passwordUserInputs(context));
  let problem: string | null = null;
  if (estimate.common) problem = passwordPolicyMessages.common();
  else if (estimate.score < PASSWORD_MIN_SCORE) problem = passwordPolicyMessages.weak(estimate.warning);
  return { estimate, problem };
}

/** Every rule, length first; null when the password is acceptable. */
export function passwordProblem(
  password: string,
  estimator: PasswordEstimator,
  context: PasswordContext = {},
): string | null {
  const bounds = passwordField.safeParse(password);
  if (!bounds.success) return bounds.error.issues[0]?.message ?? m.custom();
  return evaluatePassword(password, estimator, context).problem;
}

/** A new password: the bounds, then the strength rules with `estimator`. */
export function newPasswordField(estimator: PasswordEstimator, context: PasswordContext = {}) {
  return passwordField.superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return;
    const problem = evaluatePassword(value, estimator, context).problem;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** The "choose a password, twice" form of the activation and reset pages, around a new password's field. */
export function newPasswordFormSchema(password: z.ZodType<string, string>) {
  return z
    .object({
      password,
      confirm: z.string().min(1, { error: m.required() }),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], error: m.passwordsDiffer() });
}
export type NewPasswordForm = z.infer<ReturnType<typeof newPasswordFormSchema>>;
