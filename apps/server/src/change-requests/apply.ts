import {
  type EstablishmentPayload,
  establishmentPayloadSchema,
  type ProviderPayload,
  providerPayloadSchema,
} from '@sejour/domain';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import type { ChangeRequestRow } from '../db/schema';
import { createEstablishmentsService } from '../establishments';
import type { AccountMail } from '../identity/account-mail';
import { createProvidersService } from '../providers';

export interface ApplyDeps {
  now: () => Date;
  mail: AccountMail;
}

/**
 * Applies an accepted request's values through the admin's edit of the row it concerns — the same service, so
 * the same checks, the same audit entry (in the deciding admin's name) and whatever else that edit records.
 * Runs in `tx`: the request is marked applied in the same transaction, or neither happens.
 */
export async function applyChangeRequest(
  tx: Executor,
  row: ChangeRequestRow,
  actor: Actor,
  deps: ApplyDeps,
): Promise<void> {
  // The services open their own transaction: inside `tx` it is a savepoint of this one.
  const db = tx as unknown as Database;
  if (row.establishmentId !== null) {
    const service = createEstablishmentsService({ db, now: deps.now });
    const current = await service.get(row.establishmentId);
    const payload = edited(establishmentPayloadSchema.shape, current, row.values) as EstablishmentPayload;
    await service.update(row.establishmentId, payload, actor);
    return;
  }
  const service = createProvidersService({ db, mail: deps.mail });
  const current = await service.get(row.userId);
  const payload = edited(providerPayloadSchema.shape, current, row.values) as ProviderPayload;
  await service.update(row.userId, payload, actor);
}

/** The whole edit's body: every field of the payload as the row holds it now, the request's values over them. */
function edited(
  fields: Readonly<Record<string, unknown>>,
  current: object,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const stored = current as Record<string, unknown>;
  return { ...Object.fromEntries(Object.keys(fields).map((key) => [key, stored[key]])), ...values };
}
