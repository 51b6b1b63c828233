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
  type ListMeta,
  toDataUrl,
} from '@sejour/domain';
import { type Actor, accessibleWhere } from '../auth/ownership';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import { checkUpload } from '../files/uploads';
import { AppError } from '../http/errors';
import { findPerson } from '../identity/people';
import { reencodeImage } from './images';
import { createEstablishmentsRepository, type EstablishmentRecord } from './repository';

const NUMERO_INDEX = 'establishments_numero_upper_key';

function toEstablishment({ establishment: row, owner, image }: EstablishmentRecord): Establishment {
  return {
    id: row.id,
    userId: row.userId,
    owner,
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

/**
 * The fields a host tried to change: everything but `HOST_EDITABLE_FIELDS` must come back as stored
 * (docs/decisions/0106-establishments.md).
 */
function hostChanges(current: Record<EstablishmentField, unknown>, next: EstablishmentPayload): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of HOST_READ_ONLY_FIELDS) {
    if (current[field] !== next[field]) errors[field] = establishmentMessages.hostReadOnly();
  }
  return errors;
}

/**
 * Establishments (hébergements). Who may touch which row is decided before this runs (the route's
 * `owns: 'establishment'`, and `accessibleWhere` for lists); this service holds the rules of the rows.
 */
export function createEstablishmentsService(deps: { db: Database }) {
  const { db } = deps;
  const establishments = createEstablishmentsRepository(db);

  async function detail(id: number, executor: Executor = db): Promise<EstablishmentDetail> {
    const repository = createEstablishmentsRepository(executor);
    const record = await repository.find(id);
    if (!record) throw new AppError('not_found');
    return { ...toEstablishment(record), declarationCount: await repository.countDeclarations(id) };
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
      const page = await establishments.list(query, accessibleWhere(actor, 'establishment'));
      return {
        data: page.rows.map(toEstablishment),
        meta: { total: page.total, limit: query.limit, offset: query.offset },
      };
    },

    get: (id: number) => detail(id),

    async create(payload: EstablishmentPayload): Promise<EstablishmentDetail> {
      return db
        .transaction(async (tx) => {
          await assertOwner(tx, payload.userId);
          await assertNumeroFree(tx, payload.numero);
          const id = await createEstablishmentsRepository(tx).insert(payload);
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
            return detail(id, tx);
          }
          const ownerChanges = payload.userId !== current.userId;
          if (ownerChanges) await assertOwner(tx, payload.userId);
          await assertNumeroFree(tx, payload.numero, id);
          await repository.update(id, payload);
          if (ownerChanges) await repository.moveDeclarations(id, payload.userId);
          return detail(id, tx);
        })
        .catch(rethrowNumeroTaken);
    },

    /** Deletes the establishment with its declarations, their files and its image, in one transaction. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await createEstablishmentsRepository(tx).delete(id))) throw new AppError('not_found');
      });
    },

    /** Checks the file from its bytes, re-encodes it (metadata stripped) and replaces the image. */
    async uploadImage(id: number, upload: FileUpload): Promise<EstablishmentDetail> {
      const image = await reencodeImage(await checkUpload('image', upload));
      await db.transaction(async (tx) => {
        const repository = createEstablishmentsRepository(tx);
        if (!(await repository.findForUpdate(id))) throw new AppError('not_found');
        await repository.saveImage(id, image);
      });
      return detail(id);
    },

    async removeImage(id: number): Promise<EstablishmentDetail> {
      await establishments.removeImage(id);
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
