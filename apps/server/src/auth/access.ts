import { isAdminRole, type Role } from '@sejour/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import type { UsersRepository } from '../users/repository';
import { permissions } from './permissions';
import { type TokenPurpose, type TokenService, tokenFromHeader } from './tokens';

/**
 * Who may call a route. Ownership (a host and their own data) is checked by the services; this is the
 * first, coarse gate, applied before any handler runs.
 */
export type Access =
  | 'public'
  /** any logged-in user */
  | 'user'
  | 'admin'
  | 'superadmin'
  /** only a link token of that purpose (activation, reset), never a session */
  | { purpose: Exclude<TokenPurpose, 'session'> };

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  tokenVersion: number;
  /** On a link route (`{ purpose }`): the link token's id, which the service marks used. */
  linkId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** The signed-in user of a guarded route (set by the access hook). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

/** The rule of a route, from the one permissions table. */
export function accessRuleOf(method: string, url: string): Access | undefined {
  return permissions[`${method} ${url}`];
}

/**
 * Every `/api` route must have an access rule (src/auth/permissions.ts): a route without one is refused at
 * start-up (fail closed), so no endpoint is ever public by accident.
 */
export function installAccessControl(
  app: FastifyInstance,
  deps: { tokens: TokenService; users: UsersRepository },
): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify's automatic HEAD route of a GET runs the GET handler: it gets the GET's rule.
    const rules = methods.map((m) => accessRuleOf(m === 'HEAD' ? 'GET' : m, route.url));
    const access = rules[0];
    if (!access || rules.some((r) => r !== access)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} has no access rule in src/auth/permissions.ts.`,
      );
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      request.auth = await authenticate(request, access, deps);
    };
    // onRequest: before the body is even read, so an anonymous caller learns nothing of the schema.
    route.onRequest = [guard, ...toArray(route.onRequest)];
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

async function authenticate(
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
  deps: { tokens: TokenService; users: UsersRepository },
): Promise<AuthUser> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw new AppError('unauthorized');
  const purpose = typeof access === 'object' ? access.purpose : 'session';
  const claims = await deps.tokens.verify(token, purpose);
  const user = await deps.users.findById(claims.user.id);
  // A bumped version (password changed, account archived) revokes every earlier token. A link's own use
  // bumps it too: an old link is then "already used".
  if (!user) throw new AppError(purpose === 'session' ? 'token_invalid' : 'link_invalid');
  if (user.tokenVersion !== claims.ver)
    throw new AppError(purpose === 'session' ? 'token_invalid' : 'link_used');
  if (user.disabled || user.archived) throw new AppError('account_disabled');
  const auth: AuthUser = {
    id: user.id,
    username: user.username,
    role: user.role,
    tokenVersion: user.tokenVersion,
    ...(claims.jti ? { linkId: claims.jti } : {}),
  };
  if (access === 'admin' && !isAdminRole(auth.role)) throw new AppError('forbidden');
  if (access === 'superadmin' && auth.role !== 'superadmin') throw new AppError('forbidden');
  return auth;
}
