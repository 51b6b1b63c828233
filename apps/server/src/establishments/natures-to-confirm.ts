import {
  type EstablishmentDetail,
  establishmentNatureMessages,
  isoDateIn,
  type ListMeta,
  type NatureClassification,
  type NaturesToConfirmQuery,
  type NatureToConfirm,
  natureClassificationLabel,
  readingsOfType,
  typeOfNature,
} from '@sejour/domain';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { establishments, users } from '../db/schema';
import { AppError } from '../http/errors';
import { containsPattern, pageWithTotal } from '../http/lists';
import { recordClassificationChange } from './classifications';

/** Typed, without a nature: kept from before natures existed, waiting for an admin (the partial index's rows). */
const toConfirm = and(isNull(establishments.nature), isNotNull(establishments.type));

/**
 * The establishments whose nature an admin still has to confirm, and the confirmation itself: the admin picks
 * one of the readings of the establishment's type, so its row — and every amount computed with it — stays.
 */
export function createNaturesToConfirm(deps: {
  db: Database;
  now: () => Date;
  detail: (id: number) => Promise<EstablishmentDetail>;
}) {
  const { db, now, detail } = deps;

  return {
    async list(query: NaturesToConfirmQuery): Promise<{ data: NatureToConfirm[]; meta: ListMeta }> {
      const q = query.q ? containsPattern(query.q) : undefined;
      const where = and(
        toConfirm,
        q
          ? or(
              ilike(establishments.name, q),
              ilike(establishments.city, q),
              ilike(users.company, q),
              ilike(users.lastname, q),
              ilike(users.username, q),
            )
          : undefined,
      );
      const page = await pageWithTotal(
        query,
        () =>
          db
            .select({
              id: establishments.id,
              name: establishments.name,
              city: establishments.city,
              type: establishments.type,
              owner: {
                id: users.id,
                username: users.username,
                firstname: users.firstname,
                lastname: users.lastname,
                company: users.company,
              },
            })
            .from(establishments)
            .innerJoin(users, eq(users.id, establishments.userId))
            .where(where)
            .orderBy(asc(sql`lower(${establishments.name})`), asc(establishments.id))
            .limit(query.limit)
            .offset(query.offset),
        async () => {
          const [row] = await db
            .select({ n: count() })
            .from(establishments)
            .innerJoin(users, eq(users.id, establishments.userId))
            .where(where);
          return row?.n ?? 0;
        },
      );
      const data = page.rows.flatMap((row) =>
        row.type === null
          ? []
          : [
              {
                ...row,
                type: row.type,
                readings: readingsOfType(row.type).map(({ nature, stars }) => ({
                  nature,
                  stars,
                  label: natureClassificationLabel(nature, stars),
                })),
              },
            ],
      );
      return { data, meta: { total: page.total, limit: query.limit, offset: query.offset } };
    },

    /** Writes the nature and classification; one whose row is not the establishment's type is refused. */
    async confirm(id: number, value: NatureClassification, actor: Actor): Promise<EstablishmentDetail> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(establishments)
          .where(eq(establishments.id, id))
          .limit(1)
          .for('update');
        if (!current) throw new AppError('not_found');
        if (current.type === null || typeOfNature(value.nature, value.stars) !== current.type) {
          throw new AppError('validation_error', {
            errors: {
              nature:
                current.type === null
                  ? 'Cet établissement n’a pas de type : choisissez sa nature depuis sa fiche.'
                  : establishmentNatureMessages.readingOfOtherType(value.nature, value.stars, current.type),
            },
          });
        }
        await tx
          .update(establishments)
          .set({ ...value, updatedAt: new Date() })
          .where(eq(establishments.id, id));
        const before = { nature: current.nature, stars: current.stars, classifiedOn: current.classifiedOn };
        if (JSON.stringify(before) === JSON.stringify(value)) return;
        await recordClassificationChange(
          tx,
          current,
          { id, ...value },
          { by: actor.id, today: isoDateIn(now()) },
        );
        await recordChange(tx, actor, {
          action: 'update',
          entity: 'establishment',
          entityId: id,
          entityLabel: current.name,
          establishmentId: id,
          before,
          after: { ...value },
        });
      });
      return detail(id);
    },
  };
}
