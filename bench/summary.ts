import type { DeclarationFigures } from './declarations';
import type { EndpointFigures } from './endpoints';
import type { LighthouseFigures, Transport } from './lighthouse';
import { RUNS, TRANSPORT_NAMES } from './lighthouse';
import { type Comparison, mb } from './load';
import type { ScalingFigures } from './scaling';
import type { SoakFigures } from './soak';

/** One row of the performance targets: what was measured against what was asked, or why it was not. */
export interface SummaryRow {
  measure: string;
  target: string;
  /** Undefined when the section did not run; `why` says why. */
  measured?: string;
  ok?: boolean;
  why?: string;
}

/** Each section's figures, or why the section did not run. */
export interface SectionFigures {
  declarations: DeclarationFigures;
  endpoints: EndpointFigures;
  scaling: ScalingFigures;
  soak: SoakFigures | { skipped: string };
  lighthouse: LighthouseFigures;
  /** The offset the admin list was paged at, and the providers of the combined PDF, at this run's scale. */
  headlineOffset: number;
  providers: number;
}

/**
 * A side that answered no request within its rounds (a machine too loaded for `LOAD_SECONDS`) gives no ratio:
 * said so rather than a 0, an infinity or a NaN read as a verdict.
 */
function ratioRow(measure: string, comparisons: readonly Comparison[]): SummaryRow {
  const target = '≥ 0.9';
  const idle = comparisons.find((c) => !(c.product.rps > 0 && c.baseline.rps > 0));
  if (idle) {
    return { measure, target, why: 'a side answered nothing in its rounds: LOAD_SECONDS too short here' };
  }
  return {
    measure,
    target,
    measured: comparisons.map((c) => c.ratio.toFixed(2)).join(' · '),
    ok: comparisons.every((c) => c.ratio >= 0.9),
  };
}

export function summaryRows(f: SectionFigures): SummaryRow[] {
  const { declarations: d, endpoints: e } = f;
  const rows: SummaryRow[] = [
    ratioRow("Host's own declarations list, product ÷ baseline req/s (50 connections)", [d.host]),
    ratioRow("The bench's list URL, ratio (first page with its count · turning pages)", [d.counted, d.pages]),
    ratioRow('Resume of a semester, ratio', [e.resume]),
    {
      measure: `Admin list, year + type, every sort, page at offset ${f.headlineOffset}, one request alone (page + count)`,
      target: '≤ 20 ms',
      measured: `${d.headline.ms.toFixed(1)} ms at worst (sort=${d.headline.sort})`,
      ok: d.headline.ms <= 20,
    },
    scalingRow(f.scaling),
    lighthouseRow(f.lighthouse, 'https'),
    lighthouseRow(f.lighthouse, 'http1'),
    soakRow(f.soak),
    {
      measure: `Combined PDF of a semester's notices (${f.providers} providers)`,
      target: '≤ 5 s; light request p99 ≤ × 2',
      measured: `${e.pdf.seconds.toFixed(2)} s; ${probeRatio(e.pdf)}`,
      ok: e.pdf.seconds <= 5 && withinTwice(e.pdf),
    },
    {
      measure: `CSV of every declaration (${d.largestCsv.rows} rows)`,
      target: 'light request p99 ≤ × 2',
      measured: probeRatio(d.largestCsv),
      ok: withinTwice(d.largestCsv),
    },
  ];
  return rows;
}

/** A light request's p99 alone and during an export. */
interface Probed {
  aloneP99: number;
  duringP99: number;
}

function probeRatio({ aloneP99, duringP99 }: Probed): string {
  return `p99 × ${(duringP99 / aloneP99).toFixed(1)} (${aloneP99.toFixed(1)} → ${duringP99.toFixed(1)} ms)`;
}

/** What the exports are asked: a light request waits at most twice as long during one as alone. */
function withinTwice({ aloneP99, duringP99 }: Probed): boolean {
  return duringP99 <= 2 * aloneP99;
}

function scalingRow(s: ScalingFigures): SummaryRow {
  const measure = `Same list, ${s.declarations.small} → ${s.declarations.big} declarations, p50 under load`;
  const target = '≤ × 1.5';
  const { product: big, baseline: small } = s.comparison;
  if (!(big.rps > 0 && small.rps > 0)) {
    return {
      measure,
      target,
      why: 'a territory answered nothing in its rounds: LOAD_SECONDS too short here',
    };
  }
  return {
    measure,
    target,
    measured: `× ${s.ratio.toFixed(2)} (${small.medianP50} → ${big.medianP50} ms)`,
    ok: s.ratio <= 1.5,
  };
}

function lighthouseRow(lighthouse: LighthouseFigures, transport: Transport): SummaryRow {
  const measure = `Lighthouse mobile (median of ${RUNS > 0 ? RUNS : 'the runs'}, ${TRANSPORT_NAMES[transport]}): host /home · host declaration · admin declarations`;
  const target = '≥ 0.9 · ≥ 0.9 · ≥ 0.85, LCP ≤ 2.5 s, CLS ≤ 0.1';
  const mobile = lighthouse.medians?.[transport]?.mobile;
  const pages = [
    { figures: mobile?.['host-home'], score: 0.9 },
    { figures: mobile?.['host-declaration'], score: 0.9 },
    { figures: mobile?.['admin-declarations'], score: 0.85 },
  ];
  if (!mobile || pages.some((page) => !page.figures)) {
    return { measure, target, why: lighthouse.skipped ?? 'no figures' };
  }
  const measured = pages.map((page) => page.figures!);
  const lcp = Math.max(...measured.map((figures) => figures.lcp));
  const cls = Math.max(...measured.map((figures) => figures.cls));
  return {
    measure,
    target,
    measured:
      `${measured.map((figures) => figures.score.toFixed(2)).join(' · ')}, LCP ≤ ${(lcp / 1000).toFixed(2)} s, ` +
      `CLS ≤ ${cls.toFixed(3)}`,
    ok: pages.every((page) => page.figures!.score >= page.score) && lcp <= 2500 && cls <= 0.1,
  };
}

function soakRow(soak: SectionFigures['soak']): SummaryRow {
  const measure = 'Server RSS over the soak, after warm-up (the server alone)';
  const target = '≤ +10 %';
  if ('skipped' in soak) return { measure, target, why: soak.skipped };
  if (!Number.isFinite(soak.growth)) return { measure, target, why: 'no sample after the warm-up' };
  return {
    measure,
    target,
    measured: `${soak.growth >= 0 ? '+' : ''}${soak.growth.toFixed(1)} % (medians of ${Math.round(soak.windowSeconds)} s: ${mb(soak.warmed)} → ${mb(soak.end)} MB, after ${soak.warmUpSeconds} s of warm-up)`,
    ok: soak.growth <= 10,
  };
}

/** The rows as a plain table, one line each. */
export function summaryTable(rows: readonly SummaryRow[]): string[] {
  const cells = rows.map((row) => [
    row.measure,
    row.measured ?? `not measured (${row.why})`,
    row.target,
    row.measured === undefined ? '–' : row.ok ? '✓' : '✗',
  ]);
  const header = ['Measure', 'Measured', 'Target', ''];
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: string[]) => `  ${cell.map((text, i) => text.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  return [line(header), `  ${widths.map((width) => '-'.repeat(width)).join('  ')}`, ...cells.map(line)];
}
