import { forfaitMessages, formatEuros } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { useApp } from './fixture';
import { declarationCalls } from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { expectError } from './helpers/pricings';

/**
 * Declarations au forfait through HTTP. One deliberation for 2026 (the whole year, campsites 3 to 5 stars at
 * 0,60 €, departmental 10 %) puts campsites au forfait with a flat abatement of 30 %; hotels stay au réel. The
 * clock is on 10 July 2026, past the forfait's deadline (1 December 2025) and past June.
 */
const t = useApp({ mail: true, sessions: ['host', 'otherHost', 'admin'], at: '2026-07-10T10:00:00Z' });
const calls = declarationCalls(() => t);
const NBSP = /[\u00a0\u202f]/g;
const euros = (cents: number) => formatEuros(cents).replace(NBSP, ' ');

const FORFAIT = { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 3000 }] };
const SUMMER = [{ from: '2026-05-01', to: '2026-09-30' }];
const ids = { pricing: 0, campsite: 0, hotel: 0, otherCampsite: 0 };

function setClock(instant: string) {
  t.clock.advance(Date.parse(instant) - t.clock.now().getTime());
}

function createForfait(token: string, payload: object) {
  return t.call({ method: 'POST', url: '/api/declarations/forfait', payload, token });
}

function updateForfait(token: string, id: number, payload: object) {
  return t.call({ method: 'PUT', url: `/api/declarations/${id}/forfait`, payload, token });
}

async function establishment(userId: number, name: string, nature: string, stars: number) {
  const res = await t.call({
    method: 'POST',
    url: '/api/establishments',
    payload: { name, nature, stars, classifiedOn: '2024-03-15', capacityMaxPerson: 400, userId },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; type: string };
}

async function declarationCount(): Promise<number> {
  return (await t.database.db.select({ id: declarations.id }).from(declarations)).length;
}

beforeAll(async () => {
  const res = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: { ...lawfulPricingPayload(), forfait: FORFAIT },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids.pricing = res.json().data.id;
  const campsite = await establishment(t.users.host.id, 'Camping des Étangs', 'CAMPSITE', 3);
  expect(campsite.type).toBe('CAMPING_345');
  ids.campsite = campsite.id;
  ids.hotel = (await establishment(t.users.host.id, 'Hôtel de la Gare', 'HOTEL', 3)).id;
  ids.otherCampsite = (await establishment(t.users.otherHost.id, 'Camping du Lac', 'CAMPSITE', 4)).id;
});

describe('a deliberation with natures au forfait', () => {
  it('stores the forfait the pricing body sent and answers it back', async () => {
    const res = await t.call({ method: 'GET', url: `/api/pricings/${ids.pricing}`, token: t.tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deliberation.forfait).toEqual(FORFAIT);
  });

  it('refuses an abatement beyond 80 % on its field', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/pricings',
      payload: {
        ...lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' }),
        forfait: { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 9000 }] },
      },
      token: t.tokens.admin,
    });
    const body = expectError(res, 400, 'validation_error');
    expect(body.errors?.['forfait.abatements.0.rate']).toBe(forfaitMessages.abatementRate());
  });
});

describe('a forfait declaration refused', () => {
  const base = () => ({
    establishmentId: ids.campsite,
    periodStart: '2026-01-01',
    openingPeriods: SUMMER,
    capacity: 120,
  });

  it('answers an opening outside the collection period on its field, and writes nothing', async () => {
    const res = await createForfait(t.tokens.host, {
      ...base(),
      openingPeriods: [{ from: '2025-12-15', to: '2026-01-31' }],
    });
    const body = expectError(res, 400, 'validation_error');
    expect(body.errors?.['openingPeriods.0.from']).toBe(
      forfaitMessages.openingOutside('du 1er janvier 2026 au 31 décembre 2026'),
    );
    expect(await declarationCount()).toBe(0);
  });

  it('answers a capacity of 0 as a validation error on the capacity', async () => {
    const body = expectError(
      await createForfait(t.tokens.host, { ...base(), capacity: 0 }),
      400,
      'validation_error',
    );
    expect(Object.keys(body.errors ?? {})).toContain('capacity');
    expect(await declarationCount()).toBe(0);
  });

  it('answers a day that starts no collection period on periodStart', async () => {
    const res = await createForfait(t.tokens.host, { ...base(), periodStart: '2026-02-01' });
    const body = expectError(res, 400, 'validation_error');
    expect(body.errors?.periodStart).toBe(forfaitMessages.periodUnknown());
  });

  it('answers regime_reel for a hotel, taxed au réel', async () => {
    expectError(
      await createForfait(t.tokens.host, { ...base(), establishmentId: ids.hotel }),
      422,
      'regime_reel',
    );
    expect(await declarationCount()).toBe(0);
  });

  it('answers another host’s establishment as a missing one', async () => {
    const res = await createForfait(t.tokens.host, { ...base(), establishmentId: ids.otherCampsite });
    expectError(res, 404, 'not_found');
    expect(await declarationCount()).toBe(0);
  });
});

describe('a campsite declared au forfait', () => {
  let id = 0;

  it('computes 120 pitches × 3 persons × 153 nights × 70 % × 0,60 €, and departmental 10 %', async () => {
    const res = await createForfait(t.tokens.host, {
      establishmentId: ids.campsite,
      periodStart: '2026-01-01',
      openingPeriods: SUMMER,
      capacity: 120,
    });
    expect(res.statusCode, res.body).toBe(201);
    const declaration = res.json().data;
    id = declaration.id;
    expect(declaration).toMatchObject({
      regime: 'FORFAIT',
      year: 2026,
      month: 1,
      done: false,
      type: 'CAMPING_345',
      nightsCount: 0,
      taxableNights: 0,
      ccAmount: 2313360,
      moselleAmount: 231336,
      totalAmount: 2544696,
      pricingId: ids.pricing,
    });
    expect(declaration.forfait).toEqual({
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      deadline: '2025-12-01',
      // Not done and the deadline passed.
      late: true,
      openingPeriods: SUMMER,
      capacity: 120,
      capacityUnit: 'PITCH',
      personsPerUnit: 3,
      capacityRule: '3 personnes par emplacement',
      capacityUnits: 360,
      nights: 153,
      abatementRate: 3000,
    });
    expect(declaration.components).toEqual([
      expect.objectContaining({ kind: 'DEPARTMENTAL', unit: 6, amount: 231336 }),
    ]);
  });

  it('is one per collection period', async () => {
    const res = await createForfait(t.tokens.host, {
      establishmentId: ids.campsite,
      periodStart: '2026-01-01',
      openingPeriods: SUMMER,
      capacity: 10,
    });
    expectError(res, 409, 'declaration_exists');
  });

  it('leaves no month of nights to declare: monthly create, nothing to declare and update answer regime_forfait', async () => {
    const before = await declarationCount();
    expectError(
      await calls.create(t.tokens.host, {
        establishmentId: ids.campsite,
        year: 2026,
        month: 6,
        personCount: 5,
        nightsCount: 10,
        exemptedCount: 0,
      }),
      422,
      'regime_forfait',
    );
    const nothing = await t.call({
      method: 'POST',
      url: '/api/declarations/nothing',
      payload: { establishmentId: ids.campsite, year: 2026, month: 6 },
      token: t.tokens.host,
    });
    expectError(nothing, 422, 'regime_forfait');
    expectError(
      await calls.update(t.tokens.host, id, { personCount: 5, nightsCount: 10, exemptedCount: 0 }),
      422,
      'regime_forfait',
    );
    expect(await declarationCount()).toBe(before);
  });

  it('keeps its forfait amounts when marked done, late, and acknowledges it as a forfait', async () => {
    const res = await calls.done(t.tokens.host, id);
    expect(res.statusCode, res.body).toBe(200);
    const declaration = res.json().data;
    expect(declaration).toMatchObject({
      done: true,
      ccAmount: 2313360,
      moselleAmount: 231336,
      totalAmount: 2544696,
    });
    expect(declaration.forfait).toMatchObject({ late: true, capacityUnits: 360, nights: 153 });
    const mail = await t.smtp.waitFor((m) => m.to.includes(t.users.host.email));
    expect(mail.subject).toBe(
      'Taxe de séjour : déclaration au forfait de la période du 1er janvier 2026 au 31 décembre 2026 enregistrée – Camping des Étangs',
    );
    expect(mail.text.replace(NBSP, ' ')).toContain(
      `Montant déclaré : ${euros(2544696)} (forfait : 360 unités de capacité × 153 nuits d’ouverture, abattement de 30 %).`,
    );
  });

  it('counts in the semester of its start, with no month of it missing', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/resume?year=2026&semester=1&userId=${t.users.host.id}`,
      token: t.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [provider] = res.json().data.providers;
    expect(provider.totals.totalAmount).toBe(2544696);
    const row = provider.rows.find((r: { establishmentId: number }) => r.establishmentId === ids.campsite);
    expect(row).toMatchObject({
      doneMonths: [1],
      missingMonths: [],
      totalAmount: 2544696,
      ccAmount: 2313360,
    });
  });

  it('exports as a forfait: its regime, period and amount beside person-nights at zero', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/declarations/export.csv?year=2026',
      token: t.tokens.host,
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain(
      'Terminée;Régime;Début du forfait;Fin du forfait;Montant du forfait (€);Personnes;Nuitées',
    );
    expect(rows.find((row) => row.includes('Camping des Étangs'))).toContain(
      'Oui;Au forfait;01/01/2026;31/12/2026;25446,96;0;0;0;0;0;23133,60;2313,36;25446,96',
    );
    const resume = await t.call({
      method: 'GET',
      url: '/api/resume/export.csv?year=2026&semester=1',
      token: t.tokens.admin,
    });
    expect(resume.body).toContain(
      'Au forfait;du 01/01/2026 au 31/12/2026;25446,96;janvier;;;0;0;0;0;23133,60;2313,36;25446,96',
    );
  });

  it('reads as a forfait on the notice', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${t.users.host.id}`,
      token: t.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ').replace(/\s/g, ' ');
    expect(text).toContain(`Forfait — — — — ${euros(2313360)} ${euros(231336)} ${euros(2544696)}`);
    expect(text).toContain(
      'Forfait du 1er janvier 2026 au 31 décembre 2026 : 360 unités de capacité × 153 nuits d’ouverture, abattement de 30 %',
    );
    expect(text).toContain(`Montant à payer : ${euros(2544696)}`);
    expect(text).not.toContain('Camping des Étangs (février)');
  });

  it('is locked once done, for the host and for an admin', async () => {
    const figures = { openingPeriods: SUMMER, capacity: 100 };
    expectError(await updateForfait(t.tokens.host, id, figures), 409, 'declaration_locked');
    expectError(await updateForfait(t.tokens.admin, id, figures), 409, 'declaration_locked');
  });

  it('is declared again once an admin reopens it, and the history names its period', async () => {
    expect((await calls.reopen(t.tokens.admin, id)).statusCode).toBe(200);
    const res = await updateForfait(t.tokens.host, id, { openingPeriods: SUMMER, capacity: 100 });
    expect(res.statusCode, res.body).toBe(200);
    // 100 × 3 × 153 × 70 % = 32 130 person-nights charged, at 0,60 € and 0,06 €.
    expect(res.json().data).toMatchObject({ ccAmount: 1927800, moselleAmount: 192780, totalAmount: 2120580 });
    expect(res.json().data.forfait).toMatchObject({ capacity: 100, capacityUnits: 300 });

    const history = await t.call({
      method: 'GET',
      url: `/api/declarations/${id}/history`,
      token: t.tokens.admin,
    });
    const entries = history.json().data as Array<{
      action: string;
      entityLabel: string;
      changes: Record<string, { from: unknown; to: unknown }>;
    }>;
    expect(entries.map((e) => e.action)).toEqual(['update', 'reopen', 'done', 'create']);
    expect(entries[0]!.entityLabel).toBe(
      'Camping des Étangs — forfait du 1er janvier 2026 au 31 décembre 2026',
    );
    expect(entries[0]!.changes.capacity).toEqual({ from: 120, to: 100 });
    expect(entries[3]!.changes).toMatchObject({
      capacity: { from: null, to: 120 },
      openNights: { from: null, to: 153 },
      abatementRate: { from: null, to: 3000 },
    });
  });

  it('answers regime_reel to a forfait update of a monthly declaration', async () => {
    const res = await calls.create(t.tokens.host, {
      establishmentId: ids.hotel,
      year: 2026,
      month: 6,
      personCount: 5,
      nightsCount: 10,
      exemptedCount: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const monthly = res.json().data;
    expect(monthly).toMatchObject({ regime: 'REEL', forfait: null });
    expectError(
      await updateForfait(t.tokens.host, monthly.id, { openingPeriods: SUMMER, capacity: 10 }),
      422,
      'regime_reel',
    );
  });

  it('is deleted as a draft', async () => {
    expect((await calls.remove(t.tokens.host, id)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(declarations).where(eq(declarations.id, id));
    expect(rows).toHaveLength(0);
  });
});

describe('the deadline', () => {
  it('is met when marked done by one month before the period starts', async () => {
    setClock('2025-11-20T10:00:00Z');
    const token = t.tokens.otherHost;
    const created = await createForfait(token, {
      establishmentId: ids.otherCampsite,
      periodStart: '2026-01-01',
      openingPeriods: [{ from: '2026-04-01', to: '2026-10-31' }],
      capacity: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.forfait).toMatchObject({ deadline: '2025-12-01', late: false });
    expect((await calls.done(token, id)).statusCode).toBe(200);
    // Still on time once the deadline has passed: it was done before.
    setClock('2026-07-10T10:00:00Z');
    const res = await calls.get(token, id);
    expect(res.json().data.forfait).toMatchObject({ late: false, nights: 214 });
  });
});
