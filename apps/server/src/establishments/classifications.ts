import {
  type ClassificationEntry,
  type ClassificationRecord,
  classificationLabel,
  type EstablishmentType,
  type IsoDate,
  lapseOfClassification,
  type MonthClassification,
  type Nature,
  natureOfMonth,
  type Stars,
  typeOfMonth,
  type YearMonth,
} from '@sejour/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  type ClassificationRow,
  type EstablishmentRow,
  establishmentClassifications,
  establishments,
  users,
} from '../db/schema';

/** What a classification record copies of an establishment. */
type Classified = Pick<EstablishmentRow, 'nature' | 'stars' | 'classifiedOn'>;

/**
 * The day a new classification applies from (decision 0149): its decision date when the change brings a new
 * decision (classified, with a date that differs from the one before), else the day of the change.
 */
export function effectiveFromOf(before: Classified | null, after: Classified, today: IsoDate): IsoDate {
  const newDecision =
    after.stars !== null && after.classifiedOn !== null && after.classifiedOn !== before?.classifiedOn;
  return newDecision && after.classifiedOn ? after.classifiedOn : today;
}

function sameClassification(a: Classified, b: Classified): boolean {
  return a.nature === b.nature && a.stars === b.stars && a.classifiedOn === b.classifiedOn;
}

/**
 * Inserts establishments with the first record of their classification history, in the caller's transaction:
 * the one insert of the establishments' form and of the bulk onboarding.
 */
export async function insertEstablishments(
  db: Executor,
  rows: Array<typeof establishments.$inferInsert>,
  recorded: { by: number | null; today: IsoDate },
): Promise<EstablishmentRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(establishments).values(rows).returning();
  await db.insert(establishmentClassifications).values(
    inserted.map((row) => ({
      establishmentId: row.id,
      nature: row.nature,
      stars: row.stars,
      classifiedOn: row.classifiedOn,
      effectiveFrom: effectiveFromOf(null, row, recorded.today),
      recordedBy: recorded.by,
    })),
  );
  return inserted;
}

/** Records the establishment's new classification when its nature, stars or decision date changed. */
export async function recordClassificationChange(
  db: Executor,
  before: Classified,
  after: Classified & { id: number },
  recorded: { by: number | null; today: IsoDate },
): Promise<void> {
  if (sameClassification(before, after)) return;
  await db.insert(establishmentClassifications).values({
    establishmentId: after.id,
    nature: after.nature,
    stars: after.stars,
    classifiedOn: after.classifiedOn,
    effectiveFrom: effectiveFromOf(before, after, recorded.today),
    recordedBy: recorded.by,
  });
}

function toRecord(row: ClassificationRow): ClassificationRecord {
  return {
    nature: row.nature as Nature | null,
    stars: row.stars as Stars | null,
    classifiedOn: row.classifiedOn,
    effectiveFrom: row.effectiveFrom,
  };
}

/** The classification histories of establishments, each in the order it was recorded. */
export async function classificationHistories(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, ClassificationRecord[]>> {
  const histories = new Map<number, ClassificationRecord[]>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return histories;
  const rows = await db
    .select()
    .from(establishmentClassifications)
    .where(inArray(establishmentClassifications.establishmentId, unique))
    .orderBy(asc(establishmentClassifications.id));
  for (const row of rows) {
    histories.set(row.establishmentId, [...(histories.get(row.establishmentId) ?? []), toRecord(row)]);
  }
  return histories;
}

/** One establishment's history, in the order it was recorded. */
export async function classificationHistory(db: Executor, id: number): Promise<ClassificationRecord[]> {
  return (await classificationHistories(db, [id])).get(id) ?? [];
}

/** The history as the establishment's page shows it: most recent record first, with who recorded it. */
export async function classificationEntries(db: Executor, id: number): Promise<ClassificationEntry[]> {
  const rows = await db
    .select({
      row: establishmentClassifications,
      username: users.username,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(establishmentClassifications)
    .leftJoin(users, eq(users.id, establishmentClassifications.recordedBy))
    .where(eq(establishmentClassifications.establishmentId, id))
    .orderBy(asc(establishmentClassifications.id));
  return rows.reverse().map(({ row, username, firstname, lastname }) => {
    const record = toRecord(row);
    return {
      ...record,
      lapsesOn: lapseOfClassification(record),
      label: classificationLabel(record),
      recordedAt: row.recordedAt.toISOString(),
      recordedBy: [firstname, lastname].filter(Boolean).join(' ') || username || null,
    };
  });
}

/** The establishment's fields as the audit log compares them (its payload, nothing computed). */
export function establishmentAuditFields(row: EstablishmentRow) {
  return {
    userId: row.userId,
    name: row.name,
    capacityMaxRoom: row.capacityMaxRoom,
    capacityMaxPerson: row.capacityMaxPerson,
    address: row.address,
    city: row.city,
    cp: row.cp,
    type: row.type,
    typePrecision: row.typePrecision,
    description: row.description,
    numero: row.numero,
    openingDate: row.openingDate,
    nature: row.nature,
    stars: row.stars,
    classifiedOn: row.classifiedOn,
  };
}

/** What an establishment stores of its classification today. */
export interface StoredClassification {
  id: number;
  type: EstablishmentType | null;
  nature: Nature | null;
  stars: number | null;
  classifiedOn: string | null;
}

function current(establishment: StoredClassification) {
  return { ...establishment, stars: establishment.stars as Stars | null };
}

/**
 * The grid row month `target` is taxed with: the classification in force on its first day (its history, and
 * the five-year lapse of a decision), not today's (decision 0149).
 */
export async function typeOfTaxedMonth(
  db: Executor,
  establishment: StoredClassification,
  target: YearMonth,
): Promise<EstablishmentType | null> {
  return typeOfMonth(current(establishment), await classificationHistory(db, establishment.id), target);
}

/** The nature and stars month `target` is taxed with (its row au forfait). */
export async function natureOfTaxedMonth(
  db: Executor,
  establishment: StoredClassification,
  target: YearMonth,
): Promise<MonthClassification> {
  return natureOfMonth(current(establishment), await classificationHistory(db, establishment.id), target);
}
