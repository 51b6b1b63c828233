import { serializerCompiler as zodSerializer } from '@fastify/type-provider-zod';
import { declarationSchema } from '@sejour/domain';
import { createTokenService } from '../apps/server/src/auth/tokens';
import { listEnvelope } from '../apps/server/src/http/schemas';
import { compile } from '../apps/server/src/http/serializer';

/**
 * `npx tsx bench/overhead.ts`: the per-request work the product adds beyond its SQL, timed in one process and
 * interleaved (so a shared machine's load falls on both sides alike): writing a page of 50 declarations with
 * zod + JSON.stringify against the serialiser compiled from the same contract, and a session's signature
 * verified by jose against the verified-token memory. Prints; asserts nothing.
 */
const rounds = Number(process.env.ROUNDS ?? 2000);
const schema = listEnvelope(declarationSchema);
const page = {
  success: true as const,
  data: Array.from({ length: 50 }, (_, i) => ({
    id: 1000 + i,
    establishmentId: 20 + i,
    establishmentName: `Gîte « Les Tilleuls » n° ${i}`,
    type: 'HOTEL_3',
    userId: 7,
    providerName: 'Dupont Marie',
    year: 2026,
    month: (i % 12) + 1,
    done: i % 3 !== 0,
    doneAt: i % 3 !== 0 ? '2026-03-15T10:00:00.000Z' : null,
    personCount: 12,
    nightsCount: 30,
    exemptedCount: 2,
    nightsCountInf: 0,
    nightsCountSup: 0,
    nightsCountInfMin: 0,
    nightsCountSupMin: 0,
    prixInf: 0,
    prixSup: 0,
    prixInfMin: 0,
    prixSupMin: 0,
    platformNightsCount: 4,
    taxableNights: 26,
    ccAmount: 2340,
    moselleAmount: 234,
    totalAmount: 2574,
    components: [
      { kind: 'DEPARTMENTAL', label: 'Taxe additionnelle départementale', rate: 1000, unit: 9, amount: 234 },
    ],
    exemptionsByReason: null,
    pricingId: 3,
    tariffs:
      i % 2 ? { cc: 90, moselle: 9 } : { inf: { cc: 60, moselle: 6 }, sup: { cc: 80, moselle: 8 }, cap: 400 },
    filename: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-15T10:00:00.000Z',
  })),
  meta: { total: 120, limit: 50, offset: 0 },
};

const viaZod = zodSerializer({ schema, method: 'GET', url: '/declarations' } as never) as (
  d: unknown,
) => string;
const compiled = compile(schema);
if (typeof compiled === 'string') throw new Error(`not compiled: ${compiled}`);

const timeOf = (work: () => unknown) => {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const zodTimes: number[] = [];
const compiledTimes: number[] = [];
for (let i = 0; i < rounds; i++) {
  zodTimes.push(timeOf(() => viaZod(page)));
  compiledTimes.push(timeOf(() => compiled(page)));
}
console.log(
  `A page of 50 declarations (${viaZod(page).length} bytes), median of ${rounds} interleaved: ` +
    `zod + JSON.stringify ${median(zodTimes).toFixed(0)} µs, compiled ${median(compiledTimes).toFixed(0)} µs`,
);

const now = () => new Date();
const user = { id: 7, username: 'host1', role: 'host' as const, tokenVersion: 0 };
const secret = 'a bench secret of at least thirty-two bytes';
const uncached = createTokenService({
  secret,
  sessionTtlSeconds: 3600,
  now,
  cache: { maxEntries: 0, maxAgeMs: 0 },
});
const cached = createTokenService({ secret, sessionTtlSeconds: 3600, now });
const token = await cached.sign(user);
const joseTimes: number[] = [];
const cacheTimes: number[] = [];
for (let i = 0; i < rounds; i++) {
  let started = process.hrtime.bigint();
  await uncached.verify(token, 'session');
  joseTimes.push(Number(process.hrtime.bigint() - started) / 1000);
  started = process.hrtime.bigint();
  await cached.verify(token, 'session');
  cacheTimes.push(Number(process.hrtime.bigint() - started) / 1000);
}
console.log(
  `A session token verified, median of ${rounds} interleaved: jose ${median(joseTimes).toFixed(1)} µs, ` +
    `remembered ${median(cacheTimes).toFixed(1)} µs`,
);
