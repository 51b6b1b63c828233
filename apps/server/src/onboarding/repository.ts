import { and, eq, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { establishments, linkTokens, type NewUserRow, users } from '../db/schema';

/** An account an import line may name, as much of it as matching needs. */
export interface KnownAccount {
  id: number;
  role: string;
  username: string;
  email: string;
  siret: string | null;
  archived: boolean;
}

/** An establishment an import line may name, as much of it as matching needs. */
export interface KnownEstablishment {
  id: number;
  userId: number;
  name: string;
  address: string | null;
  numero: string | null;
}

const anyOf = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? or(...present) : undefined;
};

/** The reads and bulk writes of one import batch, all in the batch's transaction. */
export function createOnboardingRepository(db: Executor) {
  return {
    /** Accounts whose SIRET is one of `sirets`, or whose username or e-mail is one of `logins` (lower case). */
    async accounts(sirets: string[], logins: string[]): Promise<KnownAccount[]> {
      const where = anyOf([
        sirets.length > 0 ? inArray(users.siret, sirets) : undefined,
        logins.length > 0 ? inArray(sql`lower(${users.username})`, logins) : undefined,
        logins.length > 0 ? inArray(sql`lower(${users.email})`, logins) : undefined,
      ]);
      if (!where) return [];
      return db
        .select({
          id: users.id,
          role: users.role,
          username: users.username,
          email: users.email,
          siret: users.siret,
          archived: users.archived,
        })
        .from(users)
        .where(where);
    },

    /** Establishments whose number is one of `numeros`, or that belong to one of `userIds`. */
    async establishments(numeros: string[], userIds: number[]): Promise<KnownEstablishment[]> {
      const where = anyOf([
        numeros.length > 0 ? inArray(sql`upper(${establishments.numero})`, numeros) : undefined,
        userIds.length > 0 ? inArray(establishments.userId, userIds) : undefined,
      ]);
      if (!where) return [];
      return db
        .select({
          id: establishments.id,
          userId: establishments.userId,
          name: establishments.name,
          address: establishments.address,
          numero: establishments.numero,
        })
        .from(establishments)
        .where(where);
    },

    async insertUsers(rows: NewUserRow[]) {
      if (rows.length === 0) return [];
      return db.insert(users).values(rows).returning();
    },

    /**
     * Of `ids`, the providers that may be invited: hosts not activated, not disabled nor archived, and never
     * sent an activation link (a link row is kept once sent, used or not, until a newer one replaces it).
     */
    async invitable(ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, ids),
            eq(users.role, 'host'),
            eq(users.activated, false),
            eq(users.disabled, false),
            eq(users.archived, false),
            notExists(
              db
                .select({ one: sql`1` })
                .from(linkTokens)
                .where(and(eq(linkTokens.userId, users.id), eq(linkTokens.purpose, 'activate'))),
            ),
          ),
        )
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },
  };
}
