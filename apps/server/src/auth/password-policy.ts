import { type PasswordEstimator, passwordProblem } from '@sejour/domain';
import { createPasswordEstimator } from '@sejour/domain/password-estimator';
import { fieldError } from '../http/errors';

let estimator: PasswordEstimator | undefined;

/**
 * The password policy of packages/domain (length, common-password list, strength estimate), enforced by
 * the server on every password a user chooses. The estimator is built on the first password checked.
 */
export function assertPasswordAllowed(password: string, username: string): void {
  estimator ??= createPasswordEstimator();
  const problem = passwordProblem(password, estimator, { username });
  if (problem) throw fieldError('password', problem);
}
