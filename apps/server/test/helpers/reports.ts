import type { ReportPayloadInput } from '@sejour/domain';
import { count } from 'drizzle-orm';
import { establishments, reports, users } from '../../src/db/schema';
import { type Api, useApp } from '../fixture';

/** Reports of new accommodations through the public forms: the payloads and calls of their tests. */

let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}
let mailCounter = 0;
export function nextEmail(): string {
  mailCounter += 1;
  return `declarant${mailCounter}@exemple.test`;
}
let numeroCounter = 0;
export function nextNumero(): string {
  numeroCounter += 1;
  return `57001${String(100000 + numeroCounter)}AB`;
}

export const SIRET = '73282932000074';

export function individual(overrides: Partial<ReportPayloadInput> = {}): ReportPayloadInput {
  return {
    kind: 'individual',
    firstname: 'Camille',
    lastname: 'Martin',
    email: nextEmail(),
    phone: '+33612345678',
    name: 'Gîte des Mirabelles',
    address: '3 rue de l’Église',
    cp: '57170',
    city: 'Château-Salins',
    type: 'NONE',
    capacityMaxRoom: 2,
    capacityMaxPerson: 4,
    numero: nextNumero(),
    openingDate: '2026-04-01',
    consent: true,
    website: '',
    ...overrides,
  };
}

/** The report calls on the app of a file (started with `mail: true` and an admin session). */
export function reportCalls(t: Api<'admin' | 'superadmin'>) {
  return {
    submit(body: unknown, ip = nextIp()) {
      return t.call({
        method: 'POST',
        url: '/api/establishments/report',
        payload: body as object,
        remoteAddress: ip,
      });
    },
    async countRows() {
      const [u] = await t.database.db.select({ n: count() }).from(users);
      const [e] = await t.database.db.select({ n: count() }).from(establishments);
      const [r] = await t.database.db.select({ n: count() }).from(reports);
      return { users: u?.n ?? 0, establishments: e?.n ?? 0, reports: r?.n ?? 0 };
    },
    /** An admin's decision to accept report `id`, by default as a new provider. */
    accept(id: number, payload: object = {}, token: string = t.tokens.admin) {
      return t.call({ method: 'POST', url: `/api/reports/${id}/accept`, token, payload });
    },
    /** Report `id` as the admins' queue shows it. */
    reportDetail(id: number) {
      return t.call({ method: 'GET', url: `/api/reports/${id}`, token: t.tokens.admin });
    },
    /** Empties the admins' queue (a `beforeEach` of the tests that count or list it). */
    async clearQueue() {
      await t.database.db.delete(reports);
    },
    async lastReportId(): Promise<number> {
      const list = await t.call({ method: 'GET', url: '/api/reports?limit=1', token: t.tokens.admin });
      return list.json().data[0].id as number;
    },
    async mailsTo(email: string) {
      await t.app.mailer.idle();
      return t.smtp.mails.filter((m) => m.to.includes(email));
    },
  };
}

/** The app of a reports test file (its mails caught, an admin and a superadmin logged in) and the report calls. */
export function useReports() {
  const t = useApp({ mail: true, sessions: ['admin', 'superadmin'] });
  return { t, ...reportCalls(t) };
}
