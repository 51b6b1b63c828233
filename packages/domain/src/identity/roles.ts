import { z } from 'zod';

export const ROLES = ['superadmin', 'admin', 'host'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Superadmin and admin both count as admin. */
export function isAdminRole(role: Role | undefined | null): boolean {
  return role === 'superadmin' || role === 'admin';
}

/** A host's session: an unknown role (no session yet) is not one. */
export function isHostRole(role: Role | undefined | null): role is 'host' {
  return role === 'host';
}

/** The French name of each role (screens, journal, history). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  superadmin: 'Super-administrateur',
  admin: 'Administrateur',
  host: 'Hébergeur',
};
