import type { DeclarationFigures } from './declarations';
import type { EndpointFigures } from './endpoints';
import type { LighthouseFigures } from './lighthouse';
import { RUNS } from './lighthouse';
import { mb } from './load';
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

const ratio = (value: number) => value.toFixed(2);

export function summaryRows(f: SectionFigures): SummaryRow[] {
  const { declarations: d, endpoints: e, scaling: s } = f;
  const rows: SummaryRow[] = [
    {
      measure: "Host's own declarations list, product ÷ baseline req/s (50 connections)",
      target: '≥ 0.9',
      measured: ratio(d.host.ratio),
      ok: d.host.ratio >= 0.9,
    },
    {
      measure: "The bench's list URL, ratio (first page with its count · turning pages)",
      target: '≥ 0.9',
      measured: `${ratio(d.counted.ratio)} · ${ratio(d.pages.ratio)}`,
      ok: d.counted.ratio >= 0.9 && d.pages.ratio >= 0.9,
    },
    {
      measure: 'Resume of a semester, ratio',
      target: '≥ 0.9',
      measured: ratio(e.resume.ratio),
      ok: e.resume.ratio >= 0.9,
    },
    {
      measure: `Admin list, year + type, every sort, page at offset ${f.headlineOffset}, one request alone (page + count)`,
      target: '≤ 20 ms',
      measured: `${d.headline.ms.toFixed(1)} ms at worst (sort=${d.headline.sort})`,
      ok: d.headline.ms <= 20,
    },
    {
      measure: `Same list, ${s.declarations.small} → ${s.declarations.big} declarations, p50 under load`,
      target: '≤ × 1.5',
      measured: `× ${s.ratio.toFixed(2)} (${s.comparison.baseline.medianP50} → ${s.comparison.product.medianP50} ms)`,
      ok: s.ratio <= 1.5,
    },
    lighthouseRow(f.lighthouse),
    soakRow(f.soak),
    {
      measure: `Combined PDF of a semester's notices (${f.providers} providers)`,
      target: '≤ 5 s; light request p99 ≤ × 2',
      measured:
        `${e.pdf.seconds.toFixed(2)} s; p99 × ${(e.pdf.duringP99 / e.pdf.aloneP99).toFixed(1)} ` +
        `(${e.pdf.aloneP99.toFixed(1)} → ${e.pdf.duringP99.toFixed(1)} ms)`,
      ok: e.pdf.seconds <= 5 && e.pdf.duringP99 <= 2 * e.pdf.aloneP99,
    },
  ];
  return rows;
}

function lighthouseRow(lighthouse: LighthouseFigures): SummaryRow {
  const measure = `Lighthouse mobile (median of ${RUNS}): host /home · host declaration · admin declarations`;
  const target = '≥ 0.9 · ≥ 0.9 · ≥ 0.85, LCP ≤ 2.5 s, CLS ≤ 0.1';
  const mobile = lighthouse.medians?.mobile;
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
  return {
    measure,
    target,
    measured: `${soak.growth >= 0 ? '+' : ''}${soak.growth.toFixed(1)} % (${mb(soak.warmed)} → ${mb(soak.end)} MB after ${soak.warmUpSeconds} s of warm-up)`,
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
