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
