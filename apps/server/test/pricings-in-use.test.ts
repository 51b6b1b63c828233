import { formatEuros } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createPricingActors,
  type DeclarationScene,
  expectError,
  insertDeclaration,
  type PricingActors,
  payload,
  pricingCalls,
  resetPricings,
  withRows,
} from './helpers/pricings';

/** A pricing that done declarations were computed with: what of it is frozen, and what is not. */

const t = useApp();
let tokens: PricingActors['tokens'];
let hostId = 0;

beforeAll(async () => {
  ({ tokens, hostId } = await createPricingActors(t));
});

beforeEach(() => resetPricings(t));

const { created, update, pricingCount } = pricingCalls(() => ({ t, adminToken: tokens.admin }));

function declare(options: DeclarationScene) {
  return insertDeclaration(t, hostId, options);
}

describe('a pricing used by done declarations', () => {
  it('cannot be deleted; the list says how many use it', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3' });
    const body = expectError(
      await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: tokens.admin }),
      409,
      'pricing_in_use',
    );
    expect(body.message).toBe(
      'Cette grille tarifaire a servi au calcul d’une déclaration terminée : elle ne peut pas être supprimée.',
    );
    expect(await pricingCount()).toBe(1);
    const list = await t.call({ method: 'GET', url: '/api/pricings', token: tokens.admin });
    expect(list.json().data[0]).toMatchObject({ id, doneDeclarations: 1 });
  });

  it('cannot change what a done declaration was computed with', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3' });
    await declare({ pricingId: id, type: 'HOTEL_3', month: 4 });

    const tariff = expectError(
      await update(id, withRows({ HOTEL_3: { tariff: 160 } })),
      409,
      'pricing_in_use',
    );
    expect(tariff.errors).toEqual({
      'rows.HOTEL_3.tariff':
        'Ce tarif a servi au calcul de 2 déclarations terminées : il ne peut plus être modifié.',
    });
    const rate = expectError(await update(id, payload({ departmentalRate: 1500 })), 409, 'pricing_in_use');
    expect(Object.keys(rate.errors ?? {})).toEqual(['departmentalRate']);
    const period = expectError(
      await update(id, payload({ beginDate: '2026-04-01', endDate: '2026-12-31' })),
      409,
      'pricing_in_use',
    );
    expect(period.errors).toEqual({
      beginDate:
        'La période doit couvrir mars 2026 : une déclaration terminée de ce mois a été calculée avec cette grille.',
    });
    const read = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(read.json().data).toMatchObject({ beginDate: '2026-01-01', departmentalRate: 1000 });
    expect(read.json().data.rows.HOTEL_3.tariff).toBe(150);
  });

  it('may change what no done declaration used', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3', month: 3 });
    const response = await update(
      id,
      withRows(
        { HOTEL_4: { tariff: 220 }, NONE: { rate: 400 } },
        { beginDate: '2026-02-01', endDate: '2026-06-30' },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ endDate: '2026-06-30', doneDeclarations: 1 });
  });

  it('freezes NONE’s rate, its cap (the highest tariff) and its threshold', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'NONE' });
    const cap = expectError(await update(id, withRows({ PALACES: { tariff: 350 } })), 409, 'pricing_in_use');
    expect(cap.errors).toEqual({
      'rows.PALACES.tariff': `Ce tarif fixe le plafond (${formatEuros(300)}) des hébergements non classés, qui a servi au calcul d’une déclaration terminée : il ne peut plus changer.`,
    });
    expect(
      Object.keys(
        expectError(await update(id, withRows({ NONE: { rate: 450 } })), 409, 'pricing_in_use').errors ?? {},
      ),
    ).toEqual(['rows.NONE.rate']);
    expect(
      Object.keys(
        expectError(await update(id, payload({ threshold: 12_000 })), 409, 'pricing_in_use').errors ?? {},
      ),
    ).toEqual(['threshold']);
    // A classified tariff under the cap is free.
    expect((await update(id, withRows({ HOTEL_3: { tariff: 160 } }))).statusCode).toBe(200);
  });

  it('freezes every row when the declaration’s type is unknown', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: null });
    const body = expectError(
      await update(id, withRows({ CAMPING_345: { tariff: 50 } })),
      409,
      'pricing_in_use',
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['rows.CAMPING_345.tariff']);
  });

  it('is free again once its declarations are reopened; open ones are detached when it is deleted', async () => {
    const { id } = await created();
    const declaration = await declare({ pricingId: id, type: 'HOTEL_3', done: false });
    expect((await update(id, withRows({ HOTEL_3: { tariff: 160 } }))).statusCode).toBe(200);
    const removed = await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(removed.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(declarations).where(eq(declarations.id, declaration.id));
    expect(row).toMatchObject({ pricingId: null, done: false });
    expect(await pricingCount()).toBe(0);
  });
});
