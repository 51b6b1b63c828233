/** A PostgreSQL error's SQLSTATE and, for constraint violations, the constraint's name. */
export interface PgError {
  code: string;
  constraint?: string;
}

/**
 * The PostgreSQL error behind a driver or Drizzle error (PGlite and node-postgres nest it differently:
 * on the error itself or a few `cause`s down). SQLSTATEs are five digits or capital letters (23P01).
 */
export function findPgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = typeof candidate.constraint === 'string' ? candidate.constraint : undefined;
      return { code: candidate.code, constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}
