import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { ROLES } from '../identity/roles';
import { pageParams } from '../lists/query';
import { safeString } from '../validation/fields';

/**
 * The audit log (journal): who changed what, when and from where (docs/features/audit.md). Entries
 * are written by the server in the transaction of the change they describe and are never edited.
 */
export const AUDIT_ENTITIES = [
  'provider',
  'admin',
  'establishment',
  'declaration',
  'stay',
  'pricing',
  'legal_bounds',
  'settings',
  'message',
  'session',
  'change_request',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'archive',
  'restore',
  'done',
  'reopen',
  'file_attach',
  'file_remove',
  'image_upload',
  'image_remove',
  'attest',
  'withdraw',
  'password',
  'sign_in',
  'sign_in_failed',
  'accept',
  'refuse',
  'cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A JSON value as the log keeps it (no bytes: files are described by name, type and size). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** What changed, field by field: the value before and after (null when there was none). */
export type AuditChanges = Record<string, { from: AuditValue; to: AuditValue }>;

const changeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The signed-in user who acted; null for a failed sign-in (nobody is signed in). */
  actorId: z.number().int().nullable(),
  /** The username at the time (or the name typed at a failed sign-in); null when hidden from a host. */
  actorName: z.string().nullable(),
  actorRole: z.enum(ROLES).nullable(),
  /** The client address; null when hidden (a host sees only their own). */
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityRef: z.number().int().nullable(),
  /** A readable name of the entity at the time (it may since have been deleted or renamed). */
  entityLabel: z.string().nullable(),
  changes: z.record(z.string(), changeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The Journal's filters: who (part of a username, case-insensitive), what kind of entity and which action,
 * and a range of days (inclusive, Europe/Paris).
 */
export const auditListQuerySchema = z
  .object({
    ...pageParams,
    actor: safeString().trim().max(100).optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La date de fin précède la date de début.',
    path: ['to'],
  });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

/** An entity's own history, newest first (a detail screen's tab). */
export const auditHistoryQuerySchema = z.object({
  limit: pageParams.limit,
  offset: pageParams.offset,
});
