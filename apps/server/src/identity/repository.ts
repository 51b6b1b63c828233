import { eq, getTableColumns, type InferColumnsDataTypes, or, type Placeholder, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { preparedOn } from '../db/prepared';
import { type NewUserRow, type UserRow, users } from '../db/schema';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** The whole row, as `select()` reads it. */
const accountColumns = getTableColumns(users);

/**
 * What the access hook compares on every request, without the rest of the row: its password hash stays in the
 * database.
 */
const sessionAccountColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  tokenVersion: users.tokenVersion,
  disabled: users.disabled,
  archived: users.archived,
};

export type SessionAccount = InferColumnsDataTypes<typeof sessionAccountColumns>;

/**
 * One user's `columns` by id: the statement `key` prepared once outside a transaction (the access hook reads
 * the account on every request), the same query built per call inside one.
 */
async function selectById<TColumns extends Record<string, PgColumn>>(
  db: Executor,
  key: string,
  columns: TColumns,
  id: number,
): Promise<InferColumnsDataTypes<TColumns> | undefined> {
  // Built over the columns' common type (drizzle's select types do not resolve over a generic selection); the
  // row is typed back from the columns, as drizzle infers it.
  const query = (database: Executor, value: number | Placeholder) =>
    database
      .select(columns as Record<string, PgColumn>)
      .from(users)
      .where(eq(users.id, value))
      .limit(1);
  const statement = preparedOn(db, key, (database, name) =>
    query(database, sql.placeholder('id')).prepare(name),
  );
  const [row] = statement ? await statement.execute({ id }) : await query(db, id);
  return row as InferColumnsDataTypes<TColumns> | undefined;
}

export function createUsersRepository(db: Executor) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return selectById(db, 'account', accountColumns, id);
    },

    /** The account's role, token version and state, without the rest of the row. */
    findSessionAccount(id: number): Promise<SessionAccount | undefined> {
      return selectById(db, 'session_account', sessionAccountColumns, id);
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

    /**
     * Whether another account than `exceptId` already uses this username or e-mail (case-insensitive). Login
     * accepts either, so a username may not be another account's e-mail, nor an e-mail another's username.
     */
    async findConflicts(username: string, email: string, exceptId?: number) {
      const name = username.toLowerCase();
      const address = email.toLowerCase();
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(
          or(
            sql`lower(${users.username}) in (${name}, ${address})`,
            sql`lower(${users.email}) in (${name}, ${address})`,
          ),
        );
      const others = rows
        .filter((r) => r.id !== exceptId)
        .flatMap((r) => [r.username.toLowerCase(), r.email.toLowerCase()]);
      return { username: others.includes(name), email: others.includes(address) };
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

    /**
     * A new e-mail address voids every link not used yet: a link sent to the old (perhaps mistyped) mailbox
     * must not set the password of the account. Both writes happen or neither.
     */
    async update(id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const at = new Date();
      return db.transaction(async (tx) => {
        if (values.email !== undefined) {
          await tx.execute(sql`
            UPDATE link_tokens SET used_at = ${at}
            WHERE user_id = ${id} AND used_at IS NULL
              AND EXISTS (SELECT 1 FROM users WHERE id = ${id} AND lower(email) <> lower(${values.email}))`);
        }
        const [row] = await tx
          .update(users)
          .set({ ...values, updatedAt: at })
          .where(eq(users.id, id))
          .returning();
        return row;
      });
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
