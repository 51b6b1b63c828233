import { z } from 'zod';
import { emailField, safeString, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { roleSchema } from './roles';

export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Besides letters and digits, the signs a username may hold (an e-mail address as a username fits). */
export const USERNAME_SIGNS = ['.', '_', '@', '-'] as const;
const inClass = (sign: string) => sign.replace(/[\\\]^-]/g, '\\$&');
const usernamePattern = new RegExp(`^[\\p{L}\\p{N}${USERNAME_SIGNS.map(inClass).join('')}]+$`, 'u');

export const usernameField = text({ min: 3, max: USERNAME_MAX }).regex(usernamePattern, {
  error: m.username(USERNAME_SIGNS),
});

/** A new password. The strength estimate (decision 0102) is added on top of these bounds. */
export const passwordField = safeString()
  .min(1, { error: m.required() })
  .min(PASSWORD_MIN, { error: (issue) => m.minLength(PASSWORD_MIN, String(issue.input ?? '').length) })
  .max(PASSWORD_MAX, { error: (issue) => m.maxLength(PASSWORD_MAX, String(issue.input ?? '').length) });

export const loginRequestSchema = z.object({
  /** A username or an e-mail address. */
  username: safeString().trim().min(1, { error: m.required() }).max(254),
  password: safeString().min(1, { error: m.required() }).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const updateSelfRequestSchema = z.object({
  username: usernameField,
  email: emailField,
});
export type UpdateSelfRequest = z.infer<typeof updateSelfRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: safeString().min(1, { error: m.required() }).max(PASSWORD_MAX),
  password: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** What the API shows of a user: never the hash, never the token version. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  activated: z.boolean(),
  disabled: z.boolean(),
  archived: z.boolean(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  cp: z.string().nullable(),
  siret: z.string().nullable(),
  createDate: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Payload of a session token (stored in the browser as `tokendata`). */
export const tokenDataSchema = z.object({
  exp: z.number(),
  iat: z.number().optional(),
  ver: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string(), role: roleSchema }),
});
export type TokenData = z.infer<typeof tokenDataSchema>;
