import {
  evaluatePassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordContext,
  type PasswordEstimator,
  passwordField,
} from '@sejour/domain';
import { onDemand } from '../on-demand';

/**
 * The domain's strength estimator, downloaded on first use: its dictionaries (≈ 520 KB gzip) are chunks of
 * their own that only the password screens download.
 */
export const passwordEstimator = onDemand(() =>
  import('@sejour/domain/password-estimator').then(
    (module): PasswordEstimator => module.createPasswordEstimator(),
  ),
);

/**
 * A new password in a form: the domain's rules (bounds, then strength), the estimator downloaded first. The
 * check is asynchronous for that download: the kit's forms parse asynchronously.
 */
export function newPasswordField(context: PasswordContext = {}) {
  return passwordField.superRefine(async (value, ctx) => {
    if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return;
    const problem = evaluatePassword(value, await passwordEstimator.load(), context).problem;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
