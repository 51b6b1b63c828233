import { type EstablishmentListQuery, type EstablishmentPayload, isAdminRole } from '@sejour/domain';
import { and, asc, count, eq, ilike, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { accessibleWhere } from '../auth/ownership';
import type { Executor } from '../db/database';
import { type Bind, inline, placeholders, preparedOn } from '../db/prepared';
import {
  declarations,
  type EstablishmentRow,
  establishmentImages,
  establishments,
  stays,
  users,
} from '../db/schema';
import { containsPattern, orderBy, pageWithTotal } from '../http/lists';

/** What a list or a detail shows of an image (never its bytes). */
const imageInfo = {
  filename: establishmentImages.filename,
  mimeType: establishmentImages.mimeType,
  size: establishmentImages.size,
  width: establishmentImages.width,
  height: establishmentImages.height,
  createdAt: establishmentImages.createdAt,
};

const ownerColumns = {
  id: users.id,
  username: users.username,
  firstname: users.firstname,
  lastname: users.lastname,
  company: users.company,
};

export interface EstablishmentRecord {
  establishment: EstablishmentRow;
  owner: {
    id: number;
    username: string;
    firstname: string | null;
    lastname: string | null;
    company: string | null;
  };
  image: {
    filename: string;
    mimeType: string;
    size: number;
    width: number | null;
    height: number | null;
    createdAt: Date;
  } | null;
}

export interface StoredImage {
  filename: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  data: Buffer;
  thumbnail: Buffer;
}

const ownerName = sql`lower(coalesce(${users.company}, ${users.lastname}, ${users.username}))`;

/** Values go through `bind`: inline for a query built for one call, placeholders for a prepared one. */
function listWhere(
  query: EstablishmentListQuery,
  scope: SQL | undefined,
  bind: Bind = inline,
): SQL | undefined {
  const q = query.q ? containsPattern(query.q) : undefined;
  return and(
    scope,
    query.userId === undefined ? undefined : eq(establishments.userId, bind('userId', query.userId)),
    query.type === undefined
      ? undefined
      : query.type === 'unset'
        ? isNull(establishments.type)
        : eq(establishments.type, bind('type', query.type)),
    query.city ? ilike(establishments.city, containsPattern(query.city)) : undefined,
    query.cp ? like(establishments.cp, `${query.cp.replace(/\D/g, '')}%`) : undefined,
    // Ceased establishments are archived from the list: asked for, only they are listed.
    query.ceased ? isNotNull(establishments.ceasedOn) : isNull(establishments.ceasedOn),
    query.hasNumero === undefined
      ? undefined
      : query.hasNumero
        ? isNotNull(establishments.numero)
        : isNull(establishments.numero),
    q
      ? or(
          ilike(establishments.name, q),
          ilike(establishments.city, q),
          ilike(establishments.numero, q),
          ilike(establishments.typePrecision, q),
          ilike(users.username, q),
          ilike(users.lastname, q),
          ilike(users.company, q),
        )
      : undefined,
  );
}

/**
 * What decides the SQL text of a host's page and count besides the values, or undefined when the list is not
 * prepared: an admin's (the whole table, planned per call) and a search by text (a pattern's plan depends on
 * the pattern).
 */
function preparedShape(query: EstablishmentListQuery, actor: ListActor): string | undefined {
  if (isAdminRole(actor.role) || query.q || query.city || query.cp) return undefined;
  const type = query.type === undefined ? '' : query.type === 'unset' ? 'unset' : 'type';
  return JSON.stringify([
    query.userId === undefined ? 0 : 1,
    type,
    query.ceased,
    query.hasNumero,
    query.sort,
  ]);
}

/** Whose list it is: the access rule's scope is added to its WHERE. */
type ListActor = Pick<Actor, 'id' | 'role'>;

export function createEstablishmentsRepository(db: Executor) {
  const selectRecord = (executor: Executor = db) =>
    executor
      .select({ establishment: establishments, owner: ownerColumns, image: imageInfo })
      .from(establishments)
      .innerJoin(users, eq(users.id, establishments.userId))
      .leftJoin(establishmentImages, eq(establishmentImages.establishmentId, establishments.id));

  return {
    /** A page of the establishments the actor may see, filtered, sorted. */
    async list(
      query: EstablishmentListQuery,
      actor: ListActor,
    ): Promise<{ rows: EstablishmentRecord[]; total: number | null }> {
      const order = orderBy(
        query.sort,
        {
          name: sql`lower(${establishments.name})`,
          owner: ownerName,
          type: establishments.type,
          city: sql`lower(${establishments.city})`,
          cp: establishments.cp,
          numero: establishments.numero,
          capacityMaxPerson: establishments.capacityMaxPerson,
          createDate: establishments.createdAt,
        },
        asc(sql`lower(${establishments.name})`),
        establishments.id,
      );
      const pageOf = (executor: Executor, where: SQL | undefined, bind: Bind) =>
        selectRecord(executor)
          .where(where)
          .orderBy(...order)
          .limit(bind('limit', query.limit))
          .offset(bind('offset', query.offset));
      const countOf = (executor: Executor, where: SQL | undefined) =>
        executor
          .select({ n: count() })
          .from(establishments)
          .innerJoin(users, eq(users.id, establishments.userId))
          .where(where);

      const shape = preparedShape(query, actor);
      if (shape !== undefined) {
        const { bind, values } = placeholders();
        const where = listWhere(
          query,
          accessibleWhere({ id: bind('actorId', actor.id), role: actor.role }, 'establishment'),
          bind,
        );
        values.limit = query.limit;
        values.offset = query.offset;
        const page = preparedOn(db, `establishments_page:${shape}`, (database, name) =>
          pageOf(database, where, bind).prepare(name),
        );
        const total = preparedOn(db, `establishments_count:${shape}`, (database, name) =>
          countOf(database, where).prepare(name),
        );
        if (page && total)
          return pageWithTotal(
            query,
            () => page.execute(values),
            async () => (await total.execute(values))[0]?.n ?? 0,
          );
      }
      const where = listWhere(query, accessibleWhere(actor, 'establishment'));
      return pageWithTotal(
        query,
        () => pageOf(db, where, inline),
        async () => (await countOf(db, where))[0]?.n ?? 0,
      );
    },

    async find(id: number): Promise<EstablishmentRecord | undefined> {
      const [row] = await selectRecord().where(eq(establishments.id, id)).limit(1);
      return row;
    },

    /** Locks the row until the end of the transaction (a concurrent change or deletion waits). */
    async findForUpdate(id: number): Promise<EstablishmentRow | undefined> {
      const [row] = await db
        .select()
        .from(establishments)
        .where(eq(establishments.id, id))
        .limit(1)
        .for('update');
      return row;
    },

    /** Another establishment with this registration number, compared upper-case. */
    async numeroTaken(numero: string, exceptId?: number): Promise<boolean> {
      const same = eq(sql`upper(${establishments.numero})`, numero.toUpperCase());
      const [row] = await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(exceptId === undefined ? same : and(same, sql`${establishments.id} <> ${exceptId}`))
        .limit(1);
      return row !== undefined;
    },

    async update(id: number, payload: Partial<EstablishmentPayload>): Promise<void> {
      await db
        .update(establishments)
        .set({ ...payload, updatedAt: new Date() })
        .where(eq(establishments.id, id));
    },

    /**
     * Hands the establishment's declarations and the stays of its register to its new owner: their `user_id`
     * copies the owner (access checks and lists read it), so it follows the establishment in the caller's
     * transaction.
     * Their files and the platform attestations hang on the declaration or the establishment, not on the
     * owner, and follow with them. What was declared is unchanged, so `updated_at` is left as it was.
     */
    async moveDeclarationsAndStays(id: number, userId: number): Promise<void> {
      await db.update(declarations).set({ userId }).where(eq(declarations.establishmentId, id));
      await db.update(stays).set({ userId }).where(eq(stays.establishmentId, id));
    },

    async countDeclarations(id: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(declarations)
        .where(eq(declarations.establishmentId, id));
      return row?.n ?? 0;
    },

    async countStays(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(stays).where(eq(stays.establishmentId, id));
      return row?.n ?? 0;
    },

    /**
     * Deletes the establishment; its declarations (and their files) and its image go with it through the
     * foreign keys' cascades, in the caller's transaction.
     */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(establishments)
        .where(eq(establishments.id, id))
        .returning({ id: establishments.id });
      return rows.length > 0;
    },

    async saveImage(id: number, image: StoredImage): Promise<void> {
      const values = { ...image, createdAt: new Date() };
      await db
        .insert(establishmentImages)
        .values({ establishmentId: id, ...values })
        .onConflictDoUpdate({ target: establishmentImages.establishmentId, set: values });
    },

    async removeImage(id: number): Promise<boolean> {
      const rows = await db
        .delete(establishmentImages)
        .where(eq(establishmentImages.establishmentId, id))
        .returning({ id: establishmentImages.establishmentId });
      return rows.length > 0;
    },

    async imageBytes(
      id: number,
      variant: 'data' | 'thumbnail',
    ): Promise<{ bytes: Buffer; mimeType: string; createdAt: Date } | undefined> {
      const [row] = await db
        .select({
          bytes: variant === 'data' ? establishmentImages.data : establishmentImages.thumbnail,
          mimeType: establishmentImages.mimeType,
          createdAt: establishmentImages.createdAt,
        })
        .from(establishmentImages)
        .where(eq(establishmentImages.establishmentId, id))
        .limit(1);
      return row;
    },
  };
}
