import type { EstablishmentPayload, ProviderPayload } from '@sejour/domain';
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
    const payload = {
      name: current.name,
      capacityMaxRoom: current.capacityMaxRoom,
      capacityMaxPerson: current.capacityMaxPerson,
      address: current.address,
      city: current.city,
      cp: current.cp,
      type: current.type,
      typePrecision: current.typePrecision,
      description: current.description,
      numero: current.numero,
      userId: current.userId,
      openingDate: current.openingDate,
      nature: current.nature,
      stars: current.stars,
      classifiedOn: current.classifiedOn,
      ...row.values,
    } as EstablishmentPayload;
    await service.update(row.establishmentId, payload, actor);
    return;
  }
  const service = createProvidersService({ db, mail: deps.mail });
  const current = await service.get(row.userId);
  const payload = {
    username: current.username,
    email: current.email,
    firstname: current.firstname,
    lastname: current.lastname,
    company: current.company,
    phone: current.phone,
    address: current.address,
    city: current.city,
    cp: current.cp,
    siret: current.siret,
    ...row.values,
  } as ProviderPayload;
  await service.update(row.userId, payload, actor);
}
