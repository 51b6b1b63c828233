import type { AuditChanges, AuditValue } from './schemas';

/** Field names whose values the log never keeps, whatever the entity (secrets, raw bytes). */
export const AUDIT_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'passwordHash',
  'currentPassword',
  'token',
  'tokenVersion',
  'secret',
  'data',
  'thumbnail',
  'bytes',
]);

/** Nothing there: absent, null, empty text, zero, false — what a field is before it is created. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 0 || value === false;
}

function isSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields that differ between `before` and `after` (a creation: `before` = {}; a deletion: `after` = {}),
 * secrets left out. A field absent on one side and empty on the other (null, '', 0, false) is no change: a
 * creation lists what was filled in, a deletion what there was.
 */
export function auditDiff(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (AUDIT_SECRET_FIELDS.has(key)) continue;
    const from = before[key];
    const to = after[key];
    if ((!(key in before) && isEmpty(to)) || (!(key in after) && isEmpty(from))) continue;
    if (!isSame(from, to)) changes[key] = { from: toAuditValue(from), to: toAuditValue(to) };
  }
  return changes;
}

/** A value made JSON-safe: dates as ISO text, bytes dropped, secrets of nested objects left out. */
export function toAuditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return null;
  if (Array.isArray(value)) return value.map(toAuditValue);
  if (typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!AUDIT_SECRET_FIELDS.has(key)) out[key] = toAuditValue(inner);
    }
    return out;
  }
  return null;
}

/** Nested objects as dotted fields (`rows.HOTEL_3.tariff`), so a diff names the one value that changed. */
export function flattenForAudit(
  value: Readonly<Record<string, unknown>>,
  prefix = '',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)) {
      Object.assign(out, flattenForAudit(inner as Record<string, unknown>, name));
    } else {
      out[name] = inner;
    }
  }
  return out;
}
