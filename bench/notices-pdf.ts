import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { ComponentTotals, Month, ResumeAmounts, ResumeProvider, ResumeRow } from '@sejour/domain';
import type { NoticeLine } from '../apps/server/src/resume/lines';
import type { NoticeItem, NoticesHead } from '../apps/server/src/resume/notices-render';

/**
 * The combined notices PDF's layout alone, without the database: `npx tsx bench/notices-pdf.ts`. Builds
 * NOTICES (2 000) notices shaped like the bench territory's (two establishments and a half per provider, a
 * semester's months, one in six missing, a few au forfait, two in five companies) and times the offload
 * worker's writer on them, handed over four at a time as the request does.
 *
 * BEFORE=/path/to/other/notices-render.ts interleaves that writer's runs with this tree's, in the same process,
 * so that the machine's load weighs on both alike; CHECK=1 also compares every page's text between the two.
 */
const NOTICES = Number(process.env.NOTICES ?? 2000);
const RUNS = Number(process.env.RUNS ?? 5);

type Writer = (head: NoticesHead) => {
  add(items: readonly NoticeItem[]): Promise<Uint8Array>;
  end(): Promise<Uint8Array>;
};

/** A small deterministic generator, so that every run and both writers lay out the same notices. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const COMMUNES = ['Metz', 'Thionville', 'Sarreguemines', 'Forbach', 'Saint-Avold', 'Sarrebourg', 'Bitche'];
const FIRST = ['Marie', 'Jean', 'Élodie', 'François', 'Hélène', 'Gérard', 'Amélie', 'Stéphane'];
const LAST = ['Muller', 'Schmitt', 'Weber', 'Klein', 'Becker', 'Meyer', 'Hoffmann', 'Schneider'];
const KINDS = ['Gîte', 'Chambre d’hôtes', 'Hôtel', 'Meublé de tourisme', 'Camping'];
const ZERO: ComponentTotals = { DEPARTMENTAL: 0, ILE_DE_FRANCE: 0, IDF_MOBILITES: 0, RAILWAY_LINE: 0 };

function amounts(next: () => number): ResumeAmounts {
  const nightsCount = Math.floor(next() * 900);
  const exemptedNights = Math.floor(nightsCount * next() * 0.2);
  const platformNightsCount = Math.floor((nightsCount - exemptedNights) * next() * 0.3);
  const taxableNights = nightsCount - exemptedNights - platformNightsCount;
  const ccAmount = taxableNights * 110;
  const moselleAmount = taxableNights * 11;
  return {
    nightsCount,
    exemptedNights,
    taxableNights,
    platformNightsCount,
    ccAmount,
    moselleAmount,
    totalAmount: ccAmount + moselleAmount,
  };
}

function sum(all: readonly ResumeAmounts[]): ResumeAmounts {
  const total: ResumeAmounts = {
    nightsCount: 0,
    exemptedNights: 0,
    taxableNights: 0,
    platformNightsCount: 0,
    ccAmount: 0,
    moselleAmount: 0,
    totalAmount: 0,
  };
  for (const a of all) for (const key of Object.keys(total) as (keyof ResumeAmounts)[]) total[key] += a[key];
  return total;
}

export function noticeItems(count: number, semester: 1 | 2 = 1): NoticeItem[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const months = (semester === 1 ? [1, 2, 3, 4, 5, 6] : [7, 8, 9, 10, 11, 12]) as Month[];
  const items: NoticeItem[] = [];
  for (let p = 0; p < count; p++) {
    const company = p % 5 < 2 ? `SARL ${pick(LAST)} Hébergements ${p}` : null;
    const person = `${pick(FIRST)} ${pick(LAST)}`;
    const establishments = 1 + Math.floor(next() * 4);
    const lines: NoticeLine[] = [];
    const rows: ResumeRow[] = [];
    for (let e = 0; e < establishments; e++) {
      const name = `${pick(KINDS)} ${pick(LAST)} ${p}-${e}`;
      const establishmentId = p * 10 + e;
      const forfait = next() < 0.05;
      const done: Month[] = [];
      const missing: Month[] = [];
      const own: NoticeLine[] = [];
      for (const month of forfait ? months.slice(0, 1) : months) {
        if (!forfait && next() < 1 / 6) {
          missing.push(month);
          continue;
        }
        done.push(month);
        const figures = amounts(next);
        const line: NoticeLine = {
          establishmentId,
          name,
          month,
          ...(forfait
            ? { ...figures, nightsCount: 0, exemptedNights: 0, taxableNights: 0, platformNightsCount: 0 }
            : figures),
          components: { ...ZERO, DEPARTMENTAL: figures.moselleAmount },
          exemptionsByReason:
            next() < 0.9
              ? {
                  MINOR: figures.exemptedNights,
                  SEASONAL_WORKER: 0,
                  EMERGENCY_REHOUSING: 0,
                  LOW_RENT: 0,
                }
              : null,
          forfait: forfait
            ? {
                period: 'du 1er janvier 2026 au 31 décembre 2026',
                capacityUnits: 2 + Math.floor(next() * 40),
                nights: 90 + Math.floor(next() * 200),
                abatementRate: 3000,
              }
            : null,
        };
        own.push(line);
      }
      lines.push(...own);
      rows.push({
        ...sum(own),
        establishmentId,
        establishmentName: name,
        type: null,
        doneMonths: done,
        draftMonths: [],
        missingMonths: missing,
        attestedMonths: [],
        draftTotalAmount: 0,
        components: { ...ZERO, DEPARTMENTAL: sum(own).moselleAmount },
        exemptionsByReason: null,
      });
    }
    const totals = sum(lines);
    const provider: ResumeProvider = {
      userId: p + 1,
      providerName: company ?? person,
      company,
      paymentReference: `TS-2026-S${semester}-${String(p + 1).padStart(5, '0')}`,
      rows,
      totals,
      componentTotals: { ...ZERO, DEPARTMENTAL: totals.moselleAmount },
    };
    const commune = pick(COMMUNES);
    items.push({
      provider,
      address: {
        name: provider.providerName,
        lines: [
          ...(company ? [person] : []),
          `${1 + Math.floor(next() * 120)} rue de la ${pick(['Gare', 'Paix', 'Liberté', 'République'])}`,
          `57${String(Math.floor(next() * 1000)).padStart(3, '0')} ${commune}`,
        ],
      },
      lines,
    });
  }
  return items;
}

export const benchHead: NoticesHead = {
  title: 'Avis des sommes à payer — 1er semestre 2026',
  collectivity: {
    name: 'Communauté de communes du Pays de Bitche',
    address: '4 rue du Général Stuhl, 57230 Bitche',
    siret: '24570011100019',
    email: 'taxe-sejour@cc-paysdebitche.fr',
    phone: '03 87 96 99 40',
    dueDays: 30,
    paymentInstructions:
      'Paiement par virement au Trésor public (IBAN FR76 1007 1570 0000 0020 0123 456), en indiquant la référence de paiement, ou par chèque à l’ordre du Trésor public adressé à la communauté de communes.',
  },
  terms: { issuedOn: '2026-07-02', dueDate: '2026-08-01', provisional: false },
  year: 2026,
  semester: 1,
};

/** One whole file, handed over four notices at a time; its wall time, the process's CPU time and its size. */
async function run(writer: Writer, items: readonly NoticeItem[]) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const write = writer(benchHead);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < items.length; i += 4) parts.push(await write.add(items.slice(i, i + 4)));
  parts.push(await write.end());
  const used = process.cpuUsage(cpu);
  return {
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    bytes: Buffer.concat(parts),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function writerAt(path: string): Promise<Writer> {
  return ((await import(pathToFileURL(path).href)) as { noticesPdfWriter: Writer }).noticesPdfWriter;
}

async function main() {
  const items = noticeItems(NOTICES);
  const writers: Array<[string, Writer]> = [
    [
      'this tree',
      await writerAt(new URL('../apps/server/src/resume/notices-render.ts', import.meta.url).pathname),
    ],
  ];
  if (process.env.BEFORE) writers.unshift(['before', await writerAt(process.env.BEFORE)]);
  console.log(
    `${NOTICES} notices, ${items.reduce((n, i) => n + i.lines.length, 0)} lines, ${RUNS} runs each, ${cpus().length} cores, load ${load()}`,
  );
  await run(writers[0]![1], items.slice(0, 50)); // warm-up: modules, fonts' metrics, JIT
  const times = new Map(
    writers.map(([name]) => [name, { ms: [] as number[], cpu: [] as number[], size: 0 }]),
  );
  const last = new Map<string, Buffer>();
  for (let r = 0; r < RUNS; r++)
    for (const [name, writer] of writers) {
      const { ms, cpuMs, bytes } = await run(writer, items);
      const own = times.get(name)!;
      own.ms.push(ms);
      own.cpu.push(cpuMs);
      own.size = bytes.length;
      last.set(name, bytes);
      console.log(
        `  ${name}: ${(ms / 1000).toFixed(2)} s, CPU ${(cpuMs / 1000).toFixed(2)} s, load ${load()}`,
      );
    }
  for (const [name, { ms, cpu, size }] of times)
    console.log(
      `${name}: median ${(median(ms) / 1000).toFixed(2)} s (min ${(Math.min(...ms) / 1000).toFixed(2)}), CPU median ${(median(cpu) / 1000).toFixed(2)} s, ${(size / 1e6).toFixed(2)} MB`,
    );
  console.log(`load at the end ${load()}`);
  if (process.env.CHECK && writers.length === 2) {
    const { pdfPages } = await import('../apps/server/test/helpers/pdf-text');
    const [before, after] = [await pdfPages(last.get('before')!), await pdfPages(last.get('this tree')!)];
    // Apart from the moment it was made (its date, and the file identifier drawn from it), the same bytes?
    const bare = (bytes: Buffer) =>
      bytes
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/, '')
        .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    console.log(
      bare(last.get('before')!) === bare(last.get('this tree')!)
        ? 'same bytes (date and identifier apart)'
        : 'the bytes differ',
    );
    const differ = before.findIndex((page, i) => page !== after[i]);
    console.log(
      before.length === after.length && differ === -1
        ? `same text on all ${before.length} pages`
        : `TEXT DIFFERS: ${before.length} vs ${after.length} pages, first at page ${differ + 1}\n${before[differ]}\n${after[differ]}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await main();
