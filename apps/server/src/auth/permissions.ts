import type { Access } from './access';

/**
 * Who may call each API route: the one table of the server's permissions (issue 6). Keys are
 * "METHOD /api/path" as Fastify registers them. A route missing here (and declaring no `config.access`)
 * stops the server at start-up: nothing is ever public by accident. Ownership — a host and their own
 * establishments and declarations — is checked by the services on top of this first gate.
 */
export const permissions: Record<string, Access> = {
  'GET /api/health': 'public',

  // Session and own account
  'POST /api/users/login': 'public',
  'GET /api/users/me': 'user',
  'PUT /api/users/update-self': 'user',
  'PUT /api/users/change-password': 'user',

  // Account lifecycle by e-mail (src/account): a link token only opens its own endpoint
  'POST /api/users/ask-reset-password': 'public',
  'POST /api/users/:id/activate-account': { purpose: 'activate' },
  'POST /api/users/:id/reset-password': { purpose: 'reset' },
  'POST /api/users/:id/ask-activation': 'admin',

  // Providers (hébergeurs)
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PUT /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/archive': 'admin',
  'POST /api/users/:id/restore': 'admin',

  // Administrators
  'GET /api/admins': 'admin',
  'GET /api/admins/:id': 'admin',
  'POST /api/admins': 'superadmin',
  'PUT /api/admins/:id': 'superadmin',
  'DELETE /api/admins/:id': 'superadmin',

  // Pricing tables (decision 0103): admins manage them; any signed-in user reads one, and the one in force
  'GET /api/pricings': 'admin',
  'GET /api/pricings/in-force': 'user',
  'GET /api/pricings/:id': 'user',
  'POST /api/pricings': 'admin',
  'PUT /api/pricings/:id': 'admin',
  'DELETE /api/pricings/:id': 'admin',
};
