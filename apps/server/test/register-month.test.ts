import { pricingPayloadSchema } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricings } from '../src/db/schema';
import { insertEstablishment } from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { withRows } from './helpers/pricings';
import { june, useRegisterScene } from './helpers/register';
import { TEST_PASSWORD } from './helpers/test-app';

const { t, scene, declarations, api } = useRegisterScene();

describe('a month computed from the register', () => {
  it('gives a 3★ hotel’s June from its stays, platform stays apart, and the declaration charges exactly that', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3' });
    await api.import(scene.tokens.hostA, hotel.id, {
      stays: [
        { ...june, persons: 2 },
        {
          arrival: '2026-06-29',
          departure: '2026-07-03',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          price: 40_000,
        },
        { arrival: '2026-06-01', departure: '2026-06-05', persons: 2, price: 50_000, platform: true },
        { arrival: '2026-05-01', departure: '2026-05-03', persons: 4, price: 10_000 },
      ],
    });
    const response = await api.month(scene.tokens.hostA, hotel.id, 2026, 6);
    expect(response.statusCode, response.body).toBe(200);
    const month = response.json().data;
    expect(month.figures).toMatchObject({
      personCount: 5,
      nightsCount: 2 * 3 + 3 * 2,
      exemptedCount: 2,
      platformNightsCount: 8,
    });
    expect(month.stays.map((s: { monthNights: number }) => s.monthNights)).toEqual([4, 3, 2]);
    expect(month.locked).toBe(false);

    const declared = await declarations.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 6,
      ...month.figures,
    });
    expect(declared.statusCode, declared.body).toBe(201);
    // 10 taxable person-nights at 1,50 € + 10 %.
    expect(declared.json().data).toMatchObject({ taxableNights: 10, totalAmount: 10 * 165 });
  });

  it('splits an unclassified let’s nights into bands by their price per night', async () => {
    const gite = await insertEstablishment(t, scene.ids.hostA, { type: 'NONE' });
    await api.import(scene.tokens.hostA, gite.id, {
      stays: [
        {
          arrival: '2026-06-01',
          departure: '2026-06-08',
          persons: 4,
          exempted: 2,
          exemptionReason: 'MINOR',
          price: 70_000,
        },
        { arrival: '2026-06-10', departure: '2026-06-12', persons: 2, price: 19_998 },
      ],
    });
    const month = (await api.month(scene.tokens.hostA, gite.id, 2026, 6)).json().data;
    expect(month.threshold).toBe(10_000);
    expect(month.figures).toMatchObject({
      nightsCountSup: 28,
      nightsCountSupMin: 14,
      prixSup: 70_000,
      prixSupMin: 35_000,
      nightsCountInf: 4,
      prixInf: 19_998,
    });
  });
});

describe('exports', () => {
  it('gives the month as CSV with French columns and decimal commas, and as a PDF', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel du Lac' });
    await api.create(scene.tokens.hostA, hotel.id, { ...june, price: 123_456, reference: '=cmd' });
    const csv = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/stays/export.csv?year=2026&month=6`,
      token: scene.tokens.hostA,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('registre-2026-06.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Arrivée;Départ;Nuits;Personnes;Exonérés;Motif d’exonération;Nuitées;Prix HT (€);Plateforme;Taxe due (€);Référence',
    );
    // 6 person-nights at 1,65 €; a formula-looking reference is neutralised.
    expect(lines[1]).toBe("10/06/2026;13/06/2026;3;2;0;;6;1234,56;Non;9,90;'=cmd");

    const pdf = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/stays/export.pdf?year=2026&month=6`,
      token: scene.tokens.hostA,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toContain('Registre du logeur');
    expect(page).toContain('Hôtel du Lac');
    expect(page).toContain('juin 2026');
    expect(page).toContain('10/06/2026');
  });
  it('charges each night of a stay at the pricing in force that night, as the declaration of its month does', async () => {
    // 2027's table, inserted as stored (legal bounds for 2027 are not shipped): the 3★ tariff at 2,00 €.
    const [next] = await t.database.db
      .insert(pricings)
      .values({
        beginDate: '2027-01-01',
        endDate: '2027-12-31',
        payload: pricingPayloadSchema.parse(
          withRows({ HOTEL_3: { tariff: 200 } }, { beginDate: '2027-01-01', endDate: '2027-12-31' }),
        ),
      })
      .returning();
    // In January 2027, December can be declared.
    const before = t.clock.now().getTime();
    t.clock.advance(Date.parse('2027-01-10T10:00:00Z') - before);
    try {
      const host = await t.createUser({ role: 'host' });
      const token = await t.login(host.username, TEST_PASSWORD);
      const hotel = await insertEstablishment(t, host.id, { type: 'HOTEL_3' });
      // Two December nights and one January night, two persons.
      await api.create(token, hotel.id, {
        arrival: '2026-12-30',
        departure: '2027-01-02',
        persons: 2,
        price: 45_000,
      });
      const csv = await t.call({
        method: 'GET',
        url: `/api/establishments/${hotel.id}/stays/export.csv?year=2026&month=12`,
        token: token,
      });
      const [, line] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
      // 4 person-nights at 1,65 € and 2 at 2,20 €, not 6 at the arrival's 1,65 €.
      expect(line).toBe('30/12/2026;02/01/2027;3;2;0;;6;450,00;Non;11,00;');

      const december = (await api.month(token, hotel.id, 2026, 12)).json().data;
      const declared = await declarations.create(token, {
        establishmentId: hotel.id,
        year: 2026,
        month: 12,
        ...december.figures,
      });
      expect(declared.statusCode, declared.body).toBe(201);
      expect(declared.json().data.totalAmount).toBe(4 * 165);
    } finally {
      t.clock.advance(before - t.clock.now().getTime());
      await t.database.db.delete(pricings).where(eq(pricings.id, next!.id));
    }
  });
});
