import type { User } from '@sejour/domain';
import type { UserRow } from '../db/schema';

/** What the API shows of a user row: never the hash nor the token version. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    activated: row.activated,
    disabled: row.disabled,
    archived: row.archived,
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    phone: row.phone,
    address: row.address,
    city: row.city,
    cp: row.cp,
    siret: row.siret,
    createDate: row.createdAt.toISOString(),
  };
}
