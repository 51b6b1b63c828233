import {
  type Access,
  isAdminRole,
  isOpenToHosts,
  PG_INT_MAX,
  type ResourceKind,
  type Role,
  type RouteContract,
} from '@sejour/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { AppError } from '../http/errors';
import type { Actor } from './actor';
import { requireAccess } from './ownership';
import { type TokenService, tokenFromHeader } from './tokens';

/** What the access hook needs of a user row (the identity repository's `findSessionAccount`). */
export interface AccountLookup {
  findSessionAccount(
    id: number,
  ): Promise<
    | { id: number; username: string; role: Role; tokenVersion: number; disabled: boolean; archived: boolean }
    | undefined
  >;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Actor | null;
  }
  interface FastifyContextConfig {
    /** The route's contract (src/http/contract-routes.ts): its access rule and owned resource. */
    contract?: RouteContract;
  }
}

/** The signed-in user of a guarded route (set by the access hook). */
export function currentUser(request: FastifyRequest): Actor {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

/**
 * Every `/api` route must come from a contract (src/http/contract-routes.ts), whose `access` rule this hook
 * applies before anything else; a route without one stops the server at start-up (fail closed), and so
 * does a route whose `:id` is open to hosts without naming what it owns.
 */
export function installAccessControl(
  app: FastifyInstance,
  deps: { tokens: TokenService; users: AccountLookup; db: Database },
): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const contract = route.config?.contract;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) =>
      // Fastify's automatic HEAD route of a GET runs the GET handler: it gets the GET's rule.
      m === 'HEAD' ? 'GET' : m,
    );
    if (!contract || methods.some((m) => m !== contract.method) || route.url !== `/api${contract.path}`) {
      throw new Error(`Route ${methods.join(',')} ${route.url} is not declared by a route contract.`);
    }
    if (contract.path.includes(':id') && isOpenToHosts(contract.access) && !contract.owns) {
      throw new Error(
        `Route ${contract.method} ${route.url} is open to hosts: its contract must declare owns.`,
      );
    }
    const access = contract.access;
    if (access === 'public') {
      if (contract.ownsInput)
        throw new Error(`Route ${contract.method} ${route.url} is public: it owns nothing.`);
      return;
    }
    const ownsInput = contract.ownsInput;
    if (ownsInput) {
      // preValidation: the body is parsed but not yet validated, so another host's id answers `not_found`
      // whatever the rest of the body holds — exactly as a missing id does.
      const checkInput = async (request: FastifyRequest) => {
        const auth = currentUser(request);
        for (const [kind, ids] of idsOfInput(ownsInput, request)) {
          await requireAccess(deps.db, auth, kind, ids);
        }
      };
      route.preValidation = [checkInput, ...toArray(route.preValidation)];
    }
    const owns = contract.owns;
    const guard = async (request: FastifyRequest) => {
      const auth = await authenticate(request, access, deps);
      request.auth = auth;
      if (!owns || owns === 'shared') return;
      // A malformed id is left to the schema (400); a well-formed one is checked before the body is read.
      const params = contract.params?.safeParse(request.params);
      const id = params?.success ? (params.data as { id?: unknown }).id : undefined;
      if (typeof id !== 'number') return;
      if (owns === 'self') {
        if (id !== auth.id) throw new AppError('forbidden');
      } else {
        await requireAccess(deps.db, auth, owns, [id]);
      }
    };
    // onRequest: before the body is even read, so a refused caller learns nothing of the schema.
    route.onRequest = [guard, ...toArray(route.onRequest)];
  });
}

/**
 * The ids of `ownsInput` fields found in the body and the query string, by kind. Only a whole number from 1
 * to the database's integer limit (or its text) is an id; anything else is left to the schema, which refuses it.
 */
function idsOfInput(
  ownsInput: Readonly<Record<string, ResourceKind>>,
  request: FastifyRequest,
): Map<ResourceKind, number[]> {
  const found = new Map<ResourceKind, number[]>();
  const sources = [request.body, request.query].filter(
    (source): source is Record<string, unknown> => typeof source === 'object' && source !== null,
  );
  for (const [field, kind] of Object.entries(ownsInput)) {
    for (const source of sources) {
      for (const value of toArray(source[field])) {
        const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= PG_INT_MAX) {
          found.set(kind, [...(found.get(kind) ?? []), id]);
        }
      }
    }
  }
  return found;
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

async function authenticate(
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
  deps: { tokens: TokenService; users: AccountLookup },
): Promise<Actor> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw new AppError('unauthorized');
  const purpose = typeof access === 'object' ? access.purpose : 'session';
  const claims = await deps.tokens.verify(token, purpose);
  const user = await deps.users.findSessionAccount(claims.user.id);
  // A bumped version (password changed, account archived) revokes every earlier token. A link's own use
  // bumps it too: an old link is then "already used".
  if (!user) throw new AppError(purpose === 'session' ? 'token_invalid' : 'link_invalid');
  if (user.tokenVersion !== claims.ver)
    throw new AppError(purpose === 'session' ? 'token_invalid' : 'link_used');
  if (user.disabled || user.archived) throw new AppError('account_disabled');
  const auth: Actor = {
    id: user.id,
    username: user.username,
    role: user.role,
    ip: request.ip,
    ...(claims.jti ? { linkId: claims.jti } : {}),
  };
  if (access === 'admin' && !isAdminRole(auth.role)) throw new AppError('forbidden');
  if (access === 'superadmin' && auth.role !== 'superadmin') throw new AppError('forbidden');
  return auth;
}
