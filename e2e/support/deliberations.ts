import { componentInfo, pricingPayloadSchema, type StoredPricingPayload } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import type { Database } from '../../apps/server/src/db/database';
import { pricings } from '../../apps/server/src/db/schema';

/** The year of the Paris-like deliberation the seed writes: no other browser test declares or prices it. */
export const PARIS_LIKE_YEAR = 2023;

/**
 * A Paris-like deliberation for a whole year, written as the pricing screens store one: 3★ hotels at 1,70 €,
 * the departmental (10 %), Île-de-France (15 %) and Île-de-France Mobilités (200 %) components on. Seeded
 * before the server starts: the embedded database cannot be opened beside it.
 */
export async function seedParisLikeDeliberation(db: Database): Promise<void> {
  const base = lawfulPricingPayload({
    beginDate: `${PARIS_LIKE_YEAR}-01-01`,
    endDate: `${PARIS_LIKE_YEAR}-12-31`,
  });
  const on = (kind: keyof typeof componentInfo, rate: number) => ({
    enabled: true,
    rate,
    beneficiary: componentInfo[kind].beneficiary,
  });
  const payload: StoredPricingPayload = {
    ...pricingPayloadSchema.parse({ ...base, rows: { ...base.rows, HOTEL_3: { tariff: 170 } } }),
    components: {
      DEPARTMENTAL: on('DEPARTMENTAL', 1000),
      ILE_DE_FRANCE: on('ILE_DE_FRANCE', 1500),
      IDF_MOBILITES: on('IDF_MOBILITES', 20000),
      RAILWAY_LINE: { ...on('RAILWAY_LINE', 3400), enabled: false },
    },
  };
  await db.insert(pricings).values({ beginDate: payload.beginDate, endDate: payload.endDate, payload });
}
