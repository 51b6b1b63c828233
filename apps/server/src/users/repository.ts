import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { type NewUserRow, type UserRow, users } from '../db/schema';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** By username or e-mail, case-insensitively. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
        .limit(1);
      return row;
    },

    /** The accounts, other than `exceptId`, already using this username or e-mail (case-insensitive). */
    async findConflicts(username: string, email: string, exceptId?: number) {
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(
          or(
            sql`lower(${users.username}) = ${username.toLowerCase()}`,
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
          ),
        );
      const others = rows.filter((r) => r.id !== exceptId);
      return {
        username: others.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: others.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      };
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Archiving also revokes every token of the account. */
    async setArchived(id: number, archived: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          archived,
          updatedAt: new Date(),
          ...(archived ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Sets a new hash and revokes every token issued before. */
    async setPassword(id: number, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
