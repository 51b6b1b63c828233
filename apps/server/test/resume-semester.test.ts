import type { EstablishmentType, Month } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { declarationCalls, insertEstablishment } from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { TEST_PASSWORD } from './helpers/test-app';

/**
 * A generated second semester of 2025 (the clock is 15 March 2026, so every month is past): several providers,
 * each with a few classified establishments, random figures, some declarations marked done and some left as
 * drafts, some months left undeclared. What the resume must say is computed here from the tariffs this test
 * posts — tariff × taxable person-nights per component — never read back from the server.
 */
const t = useApp();
let adminToken = '';
const calls = declarationCalls(() => t);

type ClassifiedType = Exclude<EstablishmentType, 'NONE'>;
const TYPES: ClassifiedType[] = ['HOTEL_1', 'HOTEL_2', 'HOTEL_3', 'HOTEL_4', 'CAMPING_12', 'CAMPING_345'];
const SEMESTER_MONTHS: Month[] = [7, 8, 9, 10, 11, 12];

/** mulberry32: the same "random" semester at every run. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Expected {
  nightsCount: number;
  exemptedNights: number;
  taxableNights: number;
  platformNightsCount: number;
  ccAmount: number;
  moselleAmount: number;
  totalAmount: number;
}
const AMOUNTS = [
  'nightsCount',
  'exemptedNights',
  'taxableNights',
  'platformNightsCount',
  'ccAmount',
  'moselleAmount',
  'totalAmount',
] as const;
const zero = (): Expected => ({
  nightsCount: 0,
  exemptedNights: 0,
  taxableNights: 0,
  platformNightsCount: 0,
  ccAmount: 0,
  moselleAmount: 0,
  totalAmount: 0,
});
function add(into: Expected, line: Expected) {
  for (const key of AMOUNTS) into[key] += line[key];
}
const amountsOf = (value: Expected): Expected =>
  Object.fromEntries(AMOUNTS.map((key) => [key, value[key]])) as unknown as Expected;

interface ExpectedRow extends Expected {
  name: string;
  doneMonths: Month[];
  draftMonths: Month[];
  missingMonths: Month[];
  draftTotalAmount: number;
  lines: (Expected & { month: Month })[];
}
const expected = {
  total: zero(),
  providers: new Map<number, { totals: Expected; rows: Map<number, ExpectedRow> }>(),
};

beforeAll(async () => {
  const admin = await t.createUser({ role: 'admin' });
  adminToken = await t.login(admin.username, TEST_PASSWORD);
  const payload = lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' });
  const pricing = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: payload as object,
    token: adminToken,
  });
  expect(pricing.statusCode, pricing.body).toBe(201);
  const rate = pricing.json().data.departmentalRate as number;
  const unit = (type: ClassifiedType) => {
    const tariff = payload.rows[type].tariff;
    return { cc: tariff, moselle: Math.round((tariff * rate) / 10_000) };
  };

  const random = seededRandom(20251231);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (let p = 0; p < 4; p++) {
    const host = await t.createUser({ role: 'host', company: `Hébergeur généré ${p + 1}` });
    const token = await t.login(host.username, TEST_PASSWORD);
    const provider = { totals: zero(), rows: new Map<number, ExpectedRow>() };
    expected.providers.set(host.id, provider);
    const establishmentCount = 1 + Math.floor(random() * 3);
    for (let e = 0; e < establishmentCount; e++) {
      const type = pick(TYPES);
      const name = `Établissement ${p + 1}.${e + 1}`;
      const establishment = await insertEstablishment(t, host.id, { type, name, capacityMaxPerson: 30 });
      const row: ExpectedRow = {
        ...zero(),
        name,
        doneMonths: [],
        draftMonths: [],
        missingMonths: [],
        draftTotalAmount: 0,
        lines: [],
      };
      provider.rows.set(establishment.id, row);
      for (const month of SEMESTER_MONTHS) {
        const fate = random();
        if (fate < 0.2) {
          row.missingMonths.push(month);
          continue;
        }
        const nightsCount = Math.floor(random() * 400);
        const exemptedCount = Math.floor(random() * (nightsCount / 4));
        const platformNightsCount = Math.floor(random() * 40);
        const created = await calls.create(token, {
          establishmentId: establishment.id,
          year: 2025,
          month,
          nightsCount,
          exemptedCount,
          platformNightsCount,
        });
        expect(created.statusCode, created.body).toBe(201);
        const taxableNights = nightsCount - exemptedCount;
        const { cc, moselle } = unit(type);
        // What a notice shows: every person-night, split into exempted, via platforms and taxable.
        const line = {
          month,
          nightsCount: nightsCount + platformNightsCount,
          exemptedNights: exemptedCount,
          taxableNights,
          platformNightsCount,
          ccAmount: cc * taxableNights,
          moselleAmount: moselle * taxableNights,
          totalAmount: (cc + moselle) * taxableNights,
        };
        if (fate < 0.4) {
          row.draftMonths.push(month);
          row.draftTotalAmount += line.totalAmount;
          continue;
        }
        const done = await calls.done(token, created.json().data.id);
        expect(done.statusCode, done.body).toBe(200);
        row.doneMonths.push(month);
        row.lines.push(line);
        add(row, line);
        add(provider.totals, line);
        add(expected.total, line);
      }
    }
  }
});

describe('a generated semester', () => {
  it('has done and draft declarations and missing months (the generator covers every case)', () => {
    const rows = [...expected.providers.values()].flatMap((p) => [...p.rows.values()]);
    expect(rows.some((r) => r.doneMonths.length > 0)).toBe(true);
    expect(rows.some((r) => r.draftMonths.length > 0)).toBe(true);
    expect(rows.some((r) => r.missingMonths.length > 0)).toBe(true);
    expect(expected.total.totalAmount).toBeGreaterThan(0);
  });

  it('totals, subtotals and every row equal the sums of the done declarations, to the cent', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume?year=2025&semester=2',
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resume = response.json().data;
    expect(resume.totals).toEqual(amountsOf(expected.total));
    expect(resume.providerCount).toBe(expected.providers.size);
    for (const provider of resume.providers) {
      const own = expected.providers.get(provider.userId)!;
      expect(provider.totals).toEqual(amountsOf(own.totals));
      expect(provider.rows).toHaveLength(own.rows.size);
      for (const row of provider.rows) {
        const want = own.rows.get(row.establishmentId)!;
        expect(row).toMatchObject({
          ...amountsOf(want),
          establishmentName: want.name,
          doneMonths: want.doneMonths,
          draftMonths: want.draftMonths,
          missingMonths: want.missingMonths,
          draftTotalAmount: want.draftTotalAmount,
        });
      }
    }
  });

  it('prints every done line of each notice: person-nights, exempted, platform, taxable, each component and the total', async () => {
    const euros = (cents: number) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
        .format(cents / 100)
        .replace(/\s/g, ' ');
    const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\s/g, ' ');
    const monthNames = ['juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
    for (const [userId, provider] of expected.providers) {
      const response = await t.call({
        method: 'GET',
        url: `/api/resume/notices.pdf?year=2025&semester=2&userId=${userId}`,
        token: adminToken,
      });
      expect(response.statusCode).toBe(200);
      const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s/g, ' ');
      for (const row of provider.rows.values()) {
        for (const line of row.lines) {
          expect(text).toContain(
            [
              row.name,
              monthNames[line.month - 7],
              count(line.nightsCount),
              count(line.exemptedNights),
              count(line.platformNightsCount),
              count(line.taxableNights),
              euros(line.ccAmount),
              euros(line.moselleAmount),
              euros(line.totalAmount),
            ].join(' '),
          );
        }
      }
      const totals = provider.totals;
      expect(text).toContain(
        [
          'Total dû',
          count(totals.nightsCount),
          count(totals.exemptedNights),
          count(totals.platformNightsCount),
          count(totals.taxableNights),
          euros(totals.ccAmount),
          euros(totals.moselleAmount),
          euros(totals.totalAmount),
        ].join(' '),
      );
      expect(text).toContain(`Montant à payer : ${euros(totals.totalAmount)}`);
    }
  });

  it('lists the semesters in which a host has declarations, with what is due', async () => {
    const [userId, provider] = [...expected.providers.entries()].find(([, p]) => p.totals.totalAmount > 0)!;
    const response = await t.call({
      method: 'GET',
      url: `/api/resume/semesters?userId=${userId}`,
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [semester] = response.json().data;
    const rows = [...provider.rows.values()];
    expect(semester).toMatchObject({
      year: 2025,
      semester: 2,
      totalAmount: provider.totals.totalAmount,
      draftTotalAmount: rows.reduce((s, r) => s + r.draftTotalAmount, 0),
      doneCount: rows.reduce((s, r) => s + r.doneMonths.length, 0),
      declarationCount: rows.reduce((s, r) => s + r.doneMonths.length + r.draftMonths.length, 0),
      // Issued on 15 March 2026, after the semester's own deadline (30 January): the delay counts from today.
      dueDate: '2026-04-14',
      provisional: false,
    });
  });
});
