import { z } from 'zod';
import { passwordField } from '../identity/schemas';
import { safeString } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/** `POST users/ask-reset-password`: a username or an e-mail address (the API names the field `username`). */
export const askResetPasswordRequestSchema = z.object({
  username: safeString()
    .trim()
    .min(1, { error: m.required() })
    .max(254, { error: (issue) => m.maxLength(254, String(issue.input ?? '').length) }),
});
export type AskResetPasswordRequest = z.infer<typeof askResetPasswordRequestSchema>;

/**
 * `POST users/{id}/activate-account` and `POST users/{id}/reset-password`: the chosen password. The server
 * checks the strength rules on top of these bounds (`passwordProblem`).
 */
export const linkPasswordRequestSchema = z.object({ password: passwordField });
export type LinkPasswordRequest = z.infer<typeof linkPasswordRequestSchema>;

/** The purpose of a link token, as the web pages read it from the token's payload. */
export const LINK_PURPOSES = ['activate', 'reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
