/** The accounts the global setup creates in the fresh database of a browser-test run. */
export const ACCOUNTS = {
  superadmin: {
    username: 'super',
    email: 'super@sejour.test',
    password: 'Super-Secret-2026',
    role: 'superadmin',
  },
  admin: { username: 'claire', email: 'claire@sejour.test', password: 'Claire-Secret-2026', role: 'admin' },
  host: { username: 'henri', email: 'henri@sejour.test', password: 'Henri-Secret-2026', role: 'host' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

/**
 * Accounts of the account-lifecycle browser tests (account-lifecycle.e2e.ts), apart from ACCOUNTS so that
 * no other test logs in with them: one not activated yet (no password), one who will reset their password.
 */
export const LIFECYCLE_ACCOUNTS = {
  pending: { username: 'paulette', email: 'paulette@sejour.test', role: 'host', firstname: 'Paulette' },
  forgetful: {
    username: 'rosalie',
    email: 'rosalie@sejour.test',
    password: 'Rosalie-Secret-2026',
    role: 'host',
    firstname: 'Rosalie',
  },
} as const;
