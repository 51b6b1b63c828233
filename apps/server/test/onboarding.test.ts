import {
  ONBOARDING_BATCH_SIZE,
  type OnboardingImportResult,
  type OnboardingLine,
  type OnboardingLineResult,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { batchesOf, onboardingLines } from './helpers/onboarding-lines';

const t = useApp({ sessions: ['admin'], mail: true });

/** Row counts of what an import writes. */
async function counts() {
  const [row] = await selectRows<{ users: number; establishments: number; audit: number; mails: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM users) AS users,
               (SELECT count(*)::int FROM establishments) AS establishments,
               (SELECT count(*)::int FROM audit_log) AS audit,
               (SELECT count(*)::int FROM mail_jobs) AS mails`,
  );
  return row;
}

/** What the web does: the lines in batches, one request each, stopping at the first batch refused. */
async function importFile(lines: OnboardingLine[], dryRun: boolean) {
  const results: OnboardingLineResult[] = [];
  const answers: OnboardingImportResult[] = [];
  for (const batch of batchesOf(lines, ONBOARDING_BATCH_SIZE)) {
    const response = await t.call({
      method: 'POST',
      url: '/api/onboarding/import',
      token: t.tokens.admin,
      payload: { lines: batch, dryRun },
    });
    if (response.statusCode !== 200) return { results, answers, failed: { batch, response } };
    const answer = response.json().data as OnboardingImportResult;
    answers.push(answer);
    results.push(...answer.lines);
  }
  return { results, answers, failed: null };
}

const total = (answers: OnboardingImportResult[], key: 'providersCreated' | 'establishmentsCreated') =>
  answers.reduce((sum, a) => sum + a[key], 0);

describe('bulk onboarding of a 5 000-line file', () => {
  const lines = onboardingLines(5000);
  // Line 1234 of the file (index 1232) carries a SIRET whose key is wrong.
  const bad = lines[1232];
  if (!bad) throw new Error('no line 1234');
  bad.cells.siret = '73282932000075';
  // Its neighbour (same provider) carries the right one: the provider is created from it.

  it('a dry run answers every line as the real run will, and writes nothing', async () => {
    const before = await counts();
    const { results, answers, failed } = await importFile(lines, true);
    expect(failed).toBeNull();
    expect(results).toHaveLength(5000);
    expect(answers.every((a) => a.dryRun)).toBe(true);
    const refused = results.filter((r) => r.status === 'error');
    expect(refused).toEqual([
      {
        line: 1234,
        status: 'error',
        provider: null,
        establishment: null,
        errors: ['SIRET : Ce numéro SIRET n’est pas valide : vérifiez ses chiffres.'],
      },
    ]);
    expect(total(answers, 'establishmentsCreated')).toBe(4999);
    expect(total(answers, 'providersCreated')).toBe(2500);
    expect(results.find((r) => r.line === 2)).toMatchObject({
      status: 'created',
      provider: { outcome: 'created', id: null },
      establishment: { outcome: 'created', id: null },
    });
    // Line 3 is the second establishment of line 2's provider.
    expect(results.find((r) => r.line === 3)).toMatchObject({
      status: 'created',
      provider: { outcome: 'existing', matchedBy: 'line', matchedLine: 2 },
      establishment: { outcome: 'created' },
    });
    expect(await counts()).toEqual(before);
  });

  it('the real run creates the providers (not activated, no mail) and establishments, with their audit', async () => {
    const before = await counts();
    const { results, answers, failed } = await importFile(lines, false);
    expect(failed).toBeNull();
    expect(results.filter((r) => r.status === 'error').map((r) => r.line)).toEqual([1234]);
    expect(total(answers, 'establishmentsCreated')).toBe(4999);
    expect(total(answers, 'providersCreated')).toBe(2500);
    const after = await counts();
    expect(after?.users).toBe((before?.users ?? 0) + 2500);
    expect(after?.establishments).toBe((before?.establishments ?? 0) + 4999);
    expect(after?.audit).toBe((before?.audit ?? 0) + 2500 + 4999);
    expect(after?.mails).toBe(before?.mails);

    const line2 = results.find((r) => r.line === 2);
    const [row] = await selectRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT u.username, u.email, u.siret, u.activated, u.phone, e.name, e.numero, e.nature, e.type,
                 e.stars, e.opening_date, e.user_id = u.id AS owned
          FROM establishments e, users u
          WHERE e.id = ${line2?.establishment?.id ?? 0} AND u.id = ${line2?.provider?.id ?? 0}`,
    );
    expect(row).toEqual({
      username: 'hebergeur0@exemple.fr',
      email: 'hebergeur0@exemple.fr',
      siret: lines[0]?.cells.siret,
      activated: false,
      phone: '+33387123456',
      name: 'Gîte n° 0',
      numero: '57463000000AB',
      nature: 'HOTEL',
      type: 'NONE',
      stars: null,
      opening_date: '2024-01-01',
      owned: true,
    });
    const [audit] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'create' AND entity = 'establishment'
            AND establishment_id = ${line2?.establishment?.id ?? 0} AND actor_id = ${t.users.admin.id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('the same file again creates nothing and says what each line was recognised by', async () => {
    const before = await counts();
    const { results, answers, failed } = await importFile(lines, false);
    expect(failed).toBeNull();
    expect(total(answers, 'establishmentsCreated')).toBe(0);
    expect(total(answers, 'providersCreated')).toBe(0);
    expect(results.filter((r) => r.status === 'created')).toEqual([]);
    expect(results.filter((r) => r.status === 'existing')).toHaveLength(4999);
    expect(results.find((r) => r.line === 2)).toMatchObject({
      provider: { outcome: 'existing', matchedBy: 'siret' },
      establishment: { outcome: 'existing', matchedBy: 'numero' },
    });
    expect(await counts()).toEqual(before);
  });

  it('a line without SIRET nor number is recognised by its e-mail, and by its name and address', async () => {
    const [line] = onboardingLines(1, 7);
    if (!line) throw new Error('no line');
    const { siret: _siret, numero: _numero, ...cells } = line.cells;
    const first = await importFile([{ line: 2, cells }], false);
    expect(first.results[0]?.status).toBe('created');
    const again = await importFile(
      [{ line: 2, cells: { ...cells, name: ` ${cells.name?.toUpperCase()} ` } }],
      false,
    );
    expect(again.results[0]).toMatchObject({
      status: 'existing',
      provider: { matchedBy: 'email' },
      establishment: { matchedBy: 'name' },
    });
  });

  it('refuses a registration number of another provider’s establishment, naming it', async () => {
    const [line] = onboardingLines(1, 8);
    if (!line) throw new Error('no line');
    const { results } = await importFile(
      [{ line: 9, cells: { ...line.cells, numero: '57463000000AB' } }],
      false,
    );
    expect(results[0]).toMatchObject({
      line: 9,
      status: 'error',
      errors: [
        'N° d’enregistrement : ce numéro est déjà celui de l’établissement « Gîte n° 0 » d’un autre hébergeur.',
      ],
    });
  });
});

describe('what is in the way of a line', () => {
  it('refuses an administrator’s e-mail and an archived provider, and says why', async () => {
    const [line] = onboardingLines(1, 6);
    if (!line) throw new Error('no line');
    const admin = { ...line.cells, siret: '', email: t.users.admin.email };
    const first = await importFile([{ line: 2, cells: line.cells }], false);
    const id = first.results[0]?.provider?.id ?? 0;
    const archived = await t.call({ method: 'POST', url: `/api/users/${id}/archive`, token: t.tokens.admin });
    expect(archived.statusCode).toBe(200);
    const { results } = await importFile(
      [
        { line: 2, cells: admin },
        { line: 3, cells: { ...line.cells, name: 'Un autre gîte', numero: '' } },
      ],
      false,
    );
    expect(results.map((r) => r.errors)).toEqual([
      ['E-mail : cette adresse est celle d’un compte administrateur, pas d’un hébergeur.'],
      ['SIRET : cet hébergeur est archivé ; restaurez-le avant d’importer ses établissements.'],
    ]);
  });
});

describe('a batch the database refuses half-way', () => {
  it('keeps nothing of that batch; the batches before it stay in', async () => {
    const lines = onboardingLines(1200, 3);
    const failing = lines[800];
    if (!failing) throw new Error('no line');
    // A write refused by the database at the 801st line: the batch's own transaction must undo the rest.
    failing.cells.name = 'Refus forcé';
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_forced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Refus forcé' THEN
          RAISE EXCEPTION 'duplicate key value' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER refuse_forced BEFORE INSERT ON establishments FOR EACH ROW EXECUTE FUNCTION refuse_forced()`,
    );
    try {
      const before = await counts();
      const { results, failed } = await importFile(lines, false);
      expect(failed?.response.statusCode).toBe(409);
      expect(failed?.response.json()).toMatchObject({ success: false, code: 'onboarding_batch_failed' });
      expect(failed?.batch[0]?.line).toBe(502);
      // The first batch (lines 2–501) went in, and only it.
      expect(results.map((r) => r.line)).toEqual(lines.slice(0, 500).map((l) => l.line));
      const after = await counts();
      expect(after?.establishments).toBe((before?.establishments ?? 0) + 500);
      expect(after?.users).toBe((before?.users ?? 0) + 250);
      expect(after?.audit).toBe((before?.audit ?? 0) + 750);
      const [second] = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM establishments WHERE numero = ${lines[500]?.cells.numero ?? ''}`,
      );
      expect(second?.n).toBe(0);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER refuse_forced ON establishments`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_forced()`);
    }
  });
});

describe('invitations', () => {
  it('queues one activation mail per provider never invited, once, when the admin confirms', async () => {
    const { results } = await importFile(onboardingLines(6, 5), false);
    const ids = [...new Set(results.map((r) => r.provider?.id ?? 0))];
    expect(ids).toHaveLength(3);
    expect(t.smtp.mails.filter((m) => m.to.some((to) => to.endsWith('@exemple.fr')))).toEqual([]);

    const sent = await t.call({
      method: 'POST',
      url: '/api/onboarding/invitations',
      token: t.tokens.admin,
      payload: { userIds: [...ids, t.users.admin.id] },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ invited: 3, skipped: 1 });
    await t.app.mailer.idle();
    const mails = t.smtp.mails.filter((m) => m.to.some((to) => /^hebergeur50000\d@exemple\.fr$/.test(to)));
    expect(mails).toHaveLength(3);
    expect(mails[0]?.links[0]).toContain('/activate-account?token=');

    const again = await t.call({
      method: 'POST',
      url: '/api/onboarding/invitations',
      token: t.tokens.admin,
      payload: { userIds: ids },
    });
    expect(again.json().data).toEqual({ invited: 0, skipped: 3 });
  });
});
