import {
  type Establishment,
  type EstablishmentDetail,
  type EstablishmentField,
  type EstablishmentListQuery,
  type EstablishmentPayload,
  establishmentMessages,
  type FieldErrors,
  type FileUpload,
  HOST_READ_ONLY_FIELDS,
  isAdminRole,
  isoDateIn,
  type ListMeta,
  lapseOfClassification,
  type Stars,
  toDataUrl,
} from '@sejour/domain';
import { fileSummary, recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import type { EstablishmentRow } from '../db/schema';
import { checkUpload } from '../files/uploads';
import { AppError } from '../http/errors';
import { findPerson } from '../identity/people';
import {
  classificationEntries,
  establishmentAuditFields,
  insertEstablishments,
  recordClassificationChange,
} from './classifications';
import { reencodeImage } from './images';
import { natureColumnsOf, natureLabelOf } from './nature';
import { createEstablishmentsRepository, type EstablishmentRecord } from './repository';

const NUMERO_INDEX = 'establishments_numero_upper_key';

function toEstablishment({ establishment: row, owner, image }: EstablishmentRecord): Establishment {
  return {
    id: row.id,
    ...establishmentAuditFields(row),
    owner,
    ceasedOn: row.ceasedOn,
    image: image
      ? {
          filename: image.filename,
          mimeType: image.mimeType,
          size: image.size,
          width: image.width,
          height: image.height,
          version: image.createdAt.getTime().toString(36),
        }
      : null,
    createDate: row.createdAt.toISOString(),
    stars: row.stars as Stars | null,
    natureLabel: natureLabelOf(row),
  };
}

function numeroTaken(): AppError {
  return new AppError('numero_taken', {
    errors: { numero: 'Ce numéro d’enregistrement est déjà celui d’un autre établissement.' },
  });
}

/** A concurrent write that slipped past the check meets the unique index: same answer. */
function rethrowNumeroTaken(error: unknown): never {
  const pgError = findPgError(error);
  if (pgError?.code === '23505' && pgError.constraint === NUMERO_INDEX) throw numeroTaken();
  throw error;
}

/** Left out, they keep what is stored: only a different value is a change. */
const KEPT_WHEN_LEFT_OUT = new Set<EstablishmentField>(['openingDate', 'nature', 'stars', 'classifiedOn']);

/**
 * The fields a host tried to change: everything but `HOST_EDITABLE_FIELDS` must come back as stored
 * (docs/features/establishments.md). The nature and classification are an admin's, like the type.
 */
function hostChanges(current: Record<EstablishmentField, unknown>, next: EstablishmentPayload): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of HOST_READ_ONLY_FIELDS) {
    const value = next[field];
    if (KEPT_WHEN_LEFT_OUT.has(field) && (value === null || value === undefined)) continue;
    if (current[field] !== value) errors[field] = establishmentMessages.hostReadOnly();
  }
  return errors;
}

const auditedFields = (row: EstablishmentRow): Record<EstablishmentField, unknown> =>
  establishmentAuditFields(row);

function subject(row: { id: number; name: string }) {
  return {
    entity: 'establishment' as const,
    entityId: row.id,
    entityLabel: row.name,
    establishmentId: row.id,
  };
}

/**
 * Establishments (hébergements). Who may touch which row is decided before this runs (the route's
 * `owns: 'establishment'`, and `accessibleWhere` for lists); this service holds the rules of the rows.
 */
export function createEstablishmentsService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const establishments = createEstablishmentsRepository(db);

  async function detail(id: number, executor: Executor = db): Promise<EstablishmentDetail> {
    const repository = createEstablishmentsRepository(executor);
    const record = await repository.find(id);
    if (!record) throw new AppError('not_found');
    const [declarationCount, classificationHistory] = await Promise.all([
      repository.countDeclarations(id),
      classificationEntries(executor, id),
    ]);
    const { stars, classifiedOn } = record.establishment;
    return {
      ...toEstablishment(record),
      declarationCount,
      classificationLapsesOn: lapseOfClassification({ stars: stars as Stars | null, classifiedOn }),
      classificationHistory,
    };
  }

  /** The owner must be a provider (role host). */
  async function assertOwner(executor: Executor, userId: number): Promise<void> {
    await findPerson(executor, userId, ['host']).catch(() => {
      throw new AppError('validation_error', { errors: { userId: establishmentMessages.owner() } });
    });
  }

  async function assertNumeroFree(executor: Executor, numero: string | null, exceptId?: number) {
    if (numero && (await createEstablishmentsRepository(executor).numeroTaken(numero, exceptId))) {
      throw numeroTaken();
    }
  }

  return {
    async list(
      query: EstablishmentListQuery,
      actor: Actor,
    ): Promise<{ data: Establishment[]; meta: ListMeta }> {
      const page = await establishments.list(query, actor);
      return {
        data: page.rows.map(toEstablishment),
        meta: { total: page.total, limit: query.limit, offset: query.offset },
      };
    },

    get: (id: number) => detail(id),

    async create(payload: EstablishmentPayload, actor: Actor): Promise<EstablishmentDetail> {
      return db
        .transaction(async (tx) => {
          await assertOwner(tx, payload.userId);
          await assertNumeroFree(tx, payload.numero);
          const repository = createEstablishmentsRepository(tx);
          const today = isoDateIn(now());
          // Not given: it opens the day it is created, so no month before it is asked for.
          const [inserted] = await insertEstablishments(
            tx,
            [{ ...payload, ...natureColumnsOf(payload), openingDate: payload.openingDate ?? today }],
            { by: actor.id, today },
          );
          if (!inserted) throw new Error('insert returned no row');
          const id = inserted.id;
          const row = await repository.findForUpdate(id);
          if (row)
            await recordChange(tx, actor, { action: 'create', ...subject(row), after: auditedFields(row) });
          return detail(id, tx);
        })
        .catch(rethrowNumeroTaken);
    },

    /**
     * An admin changes everything; a host only what `HOST_EDITABLE_FIELDS` allows: any other field that
     * differs from what is stored is refused as a whole (`forbidden`, with the fields named). The type is
     * a column of this row only: a done declaration keeps the amounts and tariffs it was computed with.
     */
    async update(id: number, payload: EstablishmentPayload, actor: Actor): Promise<EstablishmentDetail> {
      return db
        .transaction(async (tx) => {
          const repository = createEstablishmentsRepository(tx);
          const current = await repository.findForUpdate(id);
          if (!current) throw new AppError('not_found');
          if (!isAdminRole(actor.role)) {
            const errors = hostChanges(current, payload);
            if (Object.keys(errors).length > 0) {
              throw new AppError('forbidden', {
                message:
                  'Seul un administrateur peut modifier ces champs : vous pouvez changer la description et l’image.',
                errors,
              });
            }
            await repository.update(id, { description: payload.description });
          } else {
            const ownerChanges = payload.userId !== current.userId;
            if (ownerChanges) await assertOwner(tx, payload.userId);
            await assertNumeroFree(tx, payload.numero, id);
            await repository.update(id, {
              ...payload,
              ...natureColumnsOf(payload, current),
              openingDate: payload.openingDate ?? current.openingDate,
            });
            if (ownerChanges) await repository.moveDeclarationsAndStays(id, payload.userId);
          }
          const updated = await repository.findForUpdate(id);
          if (updated) {
            await recordClassificationChange(tx, current, updated, { by: actor.id, today: isoDateIn(now()) });
            const before = auditedFields(current);
            const after = auditedFields(updated);
            // A save that changes nothing is no change: the log stays as it was.
            if (JSON.stringify(before) !== JSON.stringify(after)) {
              await recordChange(tx, actor, { action: 'update', ...subject(updated), before, after });
            }
          }
          return detail(id, tx);
        })
        .catch(rethrowNumeroTaken);
    },

    /** Deletes the establishment with its declarations, their files and its image, in one transaction. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createEstablishmentsRepository(tx);
        const current = await repository.findForUpdate(id);
        if (!current) throw new AppError('not_found');
        // Its declarations and the stays of its register go with it (cascade): the one entry says how many.
        const declarationCount = await repository.countDeclarations(id);
        const stayCount = await repository.countStays(id);
        if (!(await repository.delete(id))) throw new AppError('not_found');
        await recordChange(tx, actor, {
          action: 'delete',
          ...subject(current),
          before: { ...auditedFields(current), declarationCount, stayCount },
        });
      });
    },

    /** Checks the file from its bytes, re-encodes it (metadata stripped) and replaces the image. */
    async uploadImage(id: number, upload: FileUpload, actor: Actor): Promise<EstablishmentDetail> {
      const image = await reencodeImage(await checkUpload('image', upload));
      await db.transaction(async (tx) => {
        const repository = createEstablishmentsRepository(tx);
        const current = await repository.findForUpdate(id);
        if (!current) throw new AppError('not_found');
        const previous = (await repository.find(id))?.image;
        await repository.saveImage(id, image);
        await recordChange(tx, actor, {
          action: 'image_upload',
          ...subject(current),
          before: { image: fileSummary(previous) },
          after: {
            image: fileSummary({ filename: image.filename, mimeType: image.mimeType, size: image.size }),
          },
        });
      });
      return detail(id);
    },

    async removeImage(id: number, actor: Actor): Promise<EstablishmentDetail> {
      await db.transaction(async (tx) => {
        const repository = createEstablishmentsRepository(tx);
        const current = await repository.findForUpdate(id);
        if (!current) throw new AppError('not_found');
        const previous = (await repository.find(id))?.image;
        if (!(await repository.removeImage(id)) || !previous) return;
        await recordChange(tx, actor, {
          action: 'image_remove',
          ...subject(current),
          before: { image: fileSummary(previous) },
          after: { image: null },
        });
      });
      return detail(id);
    },

    /** The image as a data URL (the spec's call); `not_found` when there is none. */
    async imageDataUrl(id: number): Promise<string> {
      const image = await establishments.imageBytes(id, 'data');
      if (!image) throw new AppError('not_found', { message: 'Cet établissement n’a pas d’image.' });
      return toDataUrl(image.mimeType, image.bytes.toString('base64'));
    },

    async imageFile(id: number, variant: 'data' | 'thumbnail') {
      const image = await establishments.imageBytes(id, variant);
      if (!image) throw new AppError('not_found', { message: 'Cet établissement n’a pas d’image.' });
      return { bytes: image.bytes, etag: `"${variant}-${id}-${image.createdAt.getTime().toString(36)}"` };
    },
  };
}

export type EstablishmentsService = ReturnType<typeof createEstablishmentsService>;
