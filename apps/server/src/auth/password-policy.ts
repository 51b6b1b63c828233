import { passwordProblem } from '@sejour/domain';
import { fieldError } from '../http/errors';

/**
 * The password policy of packages/domain (length, common-password list, strength estimate), enforced by
 * the server on every password a user chooses. The dictionaries load on the first call.
 */
export async function assertPasswordAllowed(password: string, username: string): Promise<void> {
  const problem = await passwordProblem(password, { username });
  if (problem) throw fieldError('password', problem);
}
