import type { Role } from '@sejour/domain';

/**
 * The caller of a request, as the access hook (src/auth/access.ts) built it once the token, the account and the
 * route's rule and ownership were checked: handlers hand it to services as `actor`, services to `recordChange`
 * and to the list conditions (`accessibleWhere`). A service trusts it: it never checks again what the hook
 * decided.
 */
export interface Actor {
  id: number;
  username: string;
  role: Role;
  /** The client's address (behind a proxy: as `trustProxy` reads it); the audit log records it. */
  ip?: string;
  /** On a link route (`{ purpose }`): the link token's id, which the service marks used. */
  linkId?: string;
}
