import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/**
 * The token signing secret: `JWT_SECRET` when set, else one generated at first start and kept in the
 * database, so every instance on the same database signs alike and a restart keeps sessions alive.
 */
export async function resolveTokenSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  if (!row) throw new Error('could not store the token secret');
  return row.value;
}
