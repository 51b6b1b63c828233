import {
  AMOUNT_LABELS,
  amountsByComponent,
  COMPONENT_KINDS,
  type ComponentKind,
  componentCsvHeader,
  componentInfo,
  computeDeliberationTable,
  csvAmount,
  csvFile,
  type DeliberationTable,
  deliberationOfStoredPricing,
  type EstablishmentType,
  EXEMPTION_REASON_LABELS,
  formatDate,
  formatEuros,
  formatInteger,
  formatYesNo,
  frPlural,
  nightsBetween,
  stayTax,
} from '@sejour/domain';
import PDFDocument from 'pdfkit';
import type { PricingRow, StayRow } from '../db/schema';

/**
 * The register's files made from what the request read: pure functions of cloneable data, run by the offload
 * workers (src/offload) so that a year of stays never holds the request thread.
 */
export interface RegisterExportHead {
  title: string;
  type: EstablishmentType | null;
  /**
   * The row of each month of the period (`yyyy-mm`), its classification's (decision 0149): a stay is taxed with
   * the row of its arrival's month; a month left out takes `type`.
   */
  typeByMonth?: Record<string, EstablishmentType | null>;
  /** The pricings in force on the stays' nights. */
  pricings: PricingRow[];
}

/** What an exported line needs of a stored stay. */
export type ExportStay = Pick<
  StayRow,
  'arrival' | 'departure' | 'persons' | 'exempted' | 'exemptionReason' | 'price' | 'platform' | 'reference'
>;

/** One line of the register as exported: the stay and the tax it owes (null: a platform collected it, or unknown). */
interface ExportLine {
  stay: ExportStay;
  nights: number;
  personNights: number;
  tax: number | null;
  /** The base (part intercommunale) and each component of `tax`, in cents; null with it. */
  charges: { base: number; components: Partial<Record<ComponentKind, number>> } | null;
}

/**
 * The components the export details: none when the deliberations of the period have the departmental one alone
 * (the register reads as it always did, one "taxe due" column), else every component one of them collects.
 */
function detailedComponents(tables: readonly DeliberationTable[]): ComponentKind[] {
  const on = new Set(tables.flatMap((table) => table.components.map(({ kind }) => kind)));
  if ([...on].every((kind) => kind === 'DEPARTMENTAL')) return [];
  return COMPONENT_KINDS.filter((kind) => on.has(kind));
}

/**
 * The tax each stay owes, each night under the deliberation in force that night (its components, its collection
 * periods, its low-rent threshold), as the declaration of the night's month charges it (`stayTax`): the
 * register's "taxe due" column, with its base and components. A stay booked through a collecting platform owes
 * the host nothing; without a type, or with a night no pricing covers, it is left blank.
 */
function exportLines(
  head: RegisterExportHead,
  stays: readonly ExportStay[],
): { lines: ExportLine[]; components: ComponentKind[] } {
  const tables = head.pricings.map((pricing) =>
    computeDeliberationTable(deliberationOfStoredPricing(pricing.payload, pricing.collectivityId)),
  );
  const lines = stays.map((stay): ExportLine => {
    const nights = nightsBetween(stay.arrival, stay.departure);
    const month = String(stay.arrival).slice(0, 7);
    const type = head.typeByMonth && month in head.typeByMonth ? head.typeByMonth[month] : head.type;
    const tax = type ? stayTax(stay, type, tables) : null;
    const charges = tax
      ? {
          base: tax.parts.reduce((sum, part) => sum + part.tax.base, 0),
          components: amountsByComponent(tax.parts.map((part) => part.tax)),
        }
      : null;
    return { stay, nights, personNights: stay.persons * nights, tax: tax?.total ?? null, charges };
  });
  return { lines, components: detailedComponents(tables) };
}

const amountCells = (line: ExportLine, components: readonly ComponentKind[]) =>
  line.charges === null
    ? ['', ...components.map(() => '')]
    : [
        csvAmount(line.charges.base),
        ...components.map((kind) => csvAmount(line.charges?.components[kind] ?? 0)),
      ];

/** The register as CSV: the domain's CSV rules, one line per stay. */
export function registerCsv(head: RegisterExportHead, stays: readonly ExportStay[]): string {
  const { lines, components } = exportLines(head, stays);
  const detail =
    components.length === 0 ? [] : [`${AMOUNT_LABELS.cc} (€)`, ...components.map(componentCsvHeader)];
  return csvFile(
    [
      'Arrivée',
      'Départ',
      'Nuits',
      'Personnes',
      'Exonérés',
      'Motif d’exonération',
      'Nuitées',
      'Prix HT (€)',
      'Plateforme',
      ...detail,
      'Taxe due (€)',
      'Référence',
    ],
    lines.map((line) => {
      const { stay, nights, personNights, tax } = line;
      return [
        formatDate(stay.arrival),
        formatDate(stay.departure),
        nights,
        stay.persons,
        stay.exempted,
        stay.exemptionReason ? EXEMPTION_REASON_LABELS[stay.exemptionReason] : '',
        personNights,
        csvAmount(stay.price),
        formatYesNo(stay.platform),
        ...(components.length === 0 ? [] : amountCells(line, components)),
        tax === null ? '' : csvAmount(tax),
        stay.reference,
      ];
    }),
  );
}

/** The standard PDF fonts have no narrow no-break space (Intl's thousands separator): a no-break space instead. */
const pdfText = (text: string) => text.replace(/\u202f/g, '\u00a0');

const COLUMNS: ReadonlyArray<{ title: string; width: number; align?: 'right' }> = [
  { title: 'Arrivée', width: 62 },
  { title: 'Départ', width: 62 },
  { title: 'Nuits', width: 38, align: 'right' },
  { title: 'Pers.', width: 38, align: 'right' },
  { title: 'Exonérés', width: 50, align: 'right' },
  { title: 'Motif', width: 150 },
  { title: 'Nuitées', width: 48, align: 'right' },
  { title: 'Prix HT', width: 72, align: 'right' },
  { title: 'Plateforme', width: 56 },
  { title: 'Taxe due', width: 62, align: 'right' },
  { title: 'Référence', width: 100 },
];

/** The register as a landscape A4 PDF: one line per stay, repeated headers, totals at the end. */
export function registerPdf(head: RegisterExportHead, stays: readonly ExportStay[]): Promise<Uint8Array> {
  const { lines, components } = exportLines(head, stays);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: head.title, Author: 'Séjour' },
    lang: 'fr-FR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const row = (cells: string[], bold = false) => {
    if (doc.y + 14 > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      const text = pdfText(cell);
      const room = column.width - 4;
      const width = doc.widthOfString(text);
      if (width <= room) {
        // Most cells fit: placed directly, without the line wrapper (most of a long register's layout time).
        doc.text(text, column.align === 'right' ? x + room - width : x, y, { lineBreak: false });
      } else {
        doc.text(text, x, y, {
          width: room,
          align: column.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
      }
      x += column.width;
    });
    doc.x = left;
    doc.y = y + 13;
  };
  const header = () =>
    row(
      COLUMNS.map((c) => c.title),
      true,
    );

  doc.font('Helvetica-Bold').fontSize(14).text(pdfText(head.title), left, doc.y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Séjours du registre, en ordre d’arrivée. Aucune donnée d’état civil n’est tenue.');
  doc.moveDown(1);
  header();
  let nights = 0;
  let price = 0;
  let tax = 0;
  for (const line of lines) {
    const { stay } = line;
    nights += line.personNights;
    price += stay.price;
    tax += line.tax ?? 0;
    row([
      formatDate(stay.arrival),
      formatDate(stay.departure),
      formatInteger(line.nights),
      formatInteger(stay.persons),
      formatInteger(stay.exempted),
      stay.exemptionReason ? EXEMPTION_REASON_LABELS[stay.exemptionReason] : '',
      formatInteger(line.personNights),
      formatEuros(stay.price),
      formatYesNo(stay.platform),
      line.tax === null ? '' : formatEuros(line.tax),
      stay.reference,
    ]);
  }
  if (lines.length === 0) row(['Aucun séjour sur la période.']);
  doc.moveDown(0.5);
  row(
    [
      'Total',
      '',
      '',
      '',
      '',
      `${formatInteger(lines.length)} ${frPlural(lines.length, 'séjour', 'séjours')}`,
      formatInteger(nights),
      formatEuros(price),
      '',
      formatEuros(tax),
      '',
    ],
    true,
  );
  if (components.length > 0) {
    // The taxe due split as the notices split it: the base, then each component the deliberations collect.
    const base = lines.reduce((sum, line) => sum + (line.charges?.base ?? 0), 0);
    const parts = [
      `${AMOUNT_LABELS.cc} : ${formatEuros(base)}`,
      ...components.map(
        (kind) =>
          `${componentInfo[kind].label} : ${formatEuros(
            lines.reduce((sum, line) => sum + (line.charges?.components[kind] ?? 0), 0),
          )}`,
      ),
    ];
    doc.moveDown(0.5);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(pdfText(`Dont ${parts.join(' ; ')}.`), left, doc.y);
  }
  doc.end();
  return done;
}
