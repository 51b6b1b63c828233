import { type ComponentKind, componentInfo, componentsSchema } from '@sejour/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { declarations, pricings } from '../../src/db/schema';
import { useApp } from '../fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './declarations';

/**
 * A Paris-like host (every component collected) and a Moselle-like one (the departmental component alone), the
 * clock being 15 March 2026. Declarations are made through HTTP; the other components' amounts and the
 * exempted person-nights by reason are then written as the declarations' computation stores them.
 *
 * Called at the top of a file, it starts that file's app and makes the declarations before its tests; `scene`
 * is filled in then.
 */
export function useComponentsScene() {
  const t = useApp();
  const scene = {} as DeclarationScene;
  const calls = declarationCalls(() => t);
  const ids: Record<'parisJan' | 'parisFeb' | 'parisAug' | 'moselle', number> = {
    parisJan: 0,
    parisFeb: 0,
    parisAug: 0,
    moselle: 0,
  };

  /** Odd figures, so that a sum taken from the wrong column or rounded shows. */
  const OTHERS: Record<keyof typeof ids, Record<Exclude<ComponentKind, 'DEPARTMENTAL'>, number>> = {
    parisJan: { ILE_DE_FRANCE: 1_037, IDF_MOBILITES: 13_801, RAILWAY_LINE: 2_347 },
    parisFeb: { ILE_DE_FRANCE: 211, IDF_MOBILITES: 2_805, RAILWAY_LINE: 477 },
    parisAug: { ILE_DE_FRANCE: 5, IDF_MOBILITES: 67, RAILWAY_LINE: 11 },
    moselle: { ILE_DE_FRANCE: 0, IDF_MOBILITES: 0, RAILWAY_LINE: 0 },
  };

  const euros = (cents: number) =>
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(cents / 100)
      .replace(/\s/g, ' ');

  beforeAll(async () => {
    Object.assign(scene, await createDeclarationScene(t));
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel Lutèce' });
    const camping = await insertEstablishment(t, scene.ids.hostB, {
      type: 'CAMPING_345',
      name: 'Camping Mosel',
    });
    const declare = async (token: string, body: object) => {
      const response = await calls.create(token, body);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().data.id as number;
      expect((await calls.done(token, id)).statusCode).toBe(200);
      return id;
    };
    ids.parisJan = await declare(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 1,
      nightsCount: 431,
      exemptedCount: 12,
    });
    ids.parisFeb = await declare(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      nightsCount: 87,
      exemptedCount: 3,
    });
    // A second-semester declaration: made for March, then moved to August as if declared in the autumn.
    ids.parisAug = await declare(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 3,
      nightsCount: 3,
    });
    ids.moselle = await declare(scene.tokens.hostB, {
      establishmentId: camping.id,
      year: 2026,
      month: 1,
      nightsCount: 55,
      exemptedCount: 4,
    });
    await t.database.db.update(declarations).set({ month: 8 }).where(eq(declarations.id, ids.parisAug));
    for (const [key, id] of Object.entries(ids) as Array<[keyof typeof ids, number]>) {
      const others = OTHERS[key];
      await t.database.db
        .update(declarations)
        .set({
          ileDeFranceAmount: others.ILE_DE_FRANCE,
          idfMobilitesAmount: others.IDF_MOBILITES,
          railwayLineAmount: others.RAILWAY_LINE,
          totalAmount: sql`${declarations.totalAmount} + ${others.ILE_DE_FRANCE + others.IDF_MOBILITES + others.RAILWAY_LINE}`,
        })
        .where(eq(declarations.id, id));
    }
    // The Paris declarations know their exempted person-nights by reason; the Moselle one predates reasons.
    await t.database.db
      .update(declarations)
      .set({ exemptedMinor: 9, exemptedSeasonalWorker: 3, exemptedEmergencyRehousing: 0, exemptedLowRent: 0 })
      .where(eq(declarations.id, ids.parisJan));
    await t.database.db
      .update(declarations)
      .set({ exemptedMinor: 1, exemptedSeasonalWorker: 0, exemptedEmergencyRehousing: 0, exemptedLowRent: 2 })
      .where(eq(declarations.id, ids.parisFeb));
    // The deliberation names Île-de-France Mobilités' beneficiary its own way.
    const components = componentsSchema.parse({
      ILE_DE_FRANCE: { enabled: true, rate: 1_500, beneficiary: componentInfo.ILE_DE_FRANCE.beneficiary },
      IDF_MOBILITES: { enabled: true, rate: 20_000, beneficiary: 'IDFM — service des recettes' },
      RAILWAY_LINE: { enabled: true, rate: 3_400, beneficiary: componentInfo.RAILWAY_LINE.beneficiary },
    });
    await t.database.db
      .update(pricings)
      .set({ payload: sql`${pricings.payload} || ${JSON.stringify({ components })}::jsonb` });
  });

  async function stored(filter: (d: typeof declarations.$inferSelect) => boolean) {
    const rows = await t.database.db.select().from(declarations);
    return rows.filter((d) => d.done && filter(d));
  }

  function sums(rows: Array<typeof declarations.$inferSelect>): Record<ComponentKind, number> {
    const sum = (f: (d: (typeof rows)[number]) => number) => rows.reduce((s, d) => s + f(d), 0);
    return {
      DEPARTMENTAL: sum((d) => d.moselleAmount),
      ILE_DE_FRANCE: sum((d) => d.ileDeFranceAmount),
      IDF_MOBILITES: sum((d) => d.idfMobilitesAmount),
      RAILWAY_LINE: sum((d) => d.railwayLineAmount),
    };
  }

  const firstSemester = (d: typeof declarations.$inferSelect) => d.year === 2026 && d.month <= 6;

  return { t, scene, ids, OTHERS, euros, stored, sums, firstSemester };
}
