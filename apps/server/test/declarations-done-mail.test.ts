import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { PUBLIC_URL } from './helpers/account-links';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { expectError } from './helpers/pricings';

const t = useApp({ mail: true, at: '2026-11-15T10:00:00Z' });
let scene: DeclarationScene;
let hostEmail = '';
const calls = declarationCalls(() => t);
const NBSP = /[\u00a0\u202f]/g;

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const [user] = await selectRows<{ email: string }>(
    t.database.db,
    sql`select email from users where id = ${scene.ids.hostA}`,
  );
  hostEmail = user?.email ?? '';
});

const forHost = () => t.smtp.mails.filter((m) => m.to.includes(hostEmail));

describe('the acknowledgement of a declaration marked done', () => {
  it('mails the host once, with the month (elided) and the amount', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: 'Hôtel du Lac' });
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 10,
      personCount: 60,
      nightsCount: 228,
      exemptedCount: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    await t.app.mailer.idle();
    expect(forHost()).toHaveLength(0); // a draft is not acknowledged

    const done = await calls.done(scene.tokens.hostA, id);
    expect(done.statusCode, done.body).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(hostEmail));
    // 228 taxable person-nights × (1,50 € + 0,15 €) = 376,20 €.
    expect(mail.subject).toBe('Taxe de séjour : déclaration d’octobre 2026 enregistrée – Hôtel du Lac');
    const text = mail.text.replace(NBSP, ' ');
    expect(text).toContain(
      'Votre déclaration de taxe de séjour d’octobre 2026 pour Hôtel du Lac est terminée',
    );
    expect(text).toContain('Montant déclaré : 376,20 € (228 nuitées taxables).');
    expect(mail.links).toContain(`${PUBLIC_URL}/declarations/${id}`);

    // Refused (already done): no second mail.
    expectError(await calls.done(scene.tokens.hostA, id), 409, 'declaration_locked');
    await t.app.mailer.idle();
    expect(forHost()).toHaveLength(1);
  });

  it('acknowledges a month declared with nothing to declare too', async () => {
    const gite = await insertEstablishment(t, scene.ids.hostA, { name: 'Gîte des Mirabelles' });
    const before = forHost().length;
    const response = await t.call({
      method: 'POST',
      url: '/api/declarations/nothing',
      payload: { establishmentId: gite.id, year: 2026, month: 3 },
      token: scene.tokens.hostA,
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.mailer.idle();
    const mails = forHost();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe(
      'Taxe de séjour : déclaration de mars 2026 enregistrée – Gîte des Mirabelles',
    );
    expect(mails.at(-1)?.text.replace(NBSP, ' ')).toContain('Montant déclaré : 0,00 € (0 nuitée taxable).');
  });
});
