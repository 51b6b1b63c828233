import {
  CSV_BOM,
  computeDeclarationTax,
  computePricingTable,
  csvAmount,
  csvLine,
  type EstablishmentType,
  EXEMPTION_REASON_LABELS,
  formatEuros,
  formatInteger,
  formatYesNo,
  frPlural,
  MONTH_NAMES,
  type PricingTable,
  type RegisterPeriodQuery,
  type RegisterStay,
  stayWholeFigures,
} from '@sejour/domain';
import PDFDocument from 'pdfkit';
import { type Actor, requireAccess } from '../auth/ownership';
import type { Database } from '../db/database';
import type { PricingRow } from '../db/schema';
import { AppError } from '../http/errors';
import { createRegisterRepository } from './repository';
import { periodBounds, toRegisterStay } from './service';

/** One line of the register as exported: the stay and the tax it owes (null: a platform collected it, or unknown). */
interface ExportLine {
  stay: RegisterStay;
  personNights: number;
  tax: number | null;
}

interface RegisterExport {
  establishmentName: string;
  title: string;
  filename: string;
  lines: ExportLine[];
}

const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The tax a stay owes by the pricing in force on its arrival: the register's "taxe collectée" column. A stay
 * booked through a collecting platform owes the host nothing; without a type or a pricing it is left blank.
 */
function taxOf(
  stay: RegisterStay,
  type: EstablishmentType | null,
  pricings: readonly PricingRow[],
): number | null {
  if (stay.platform || !type) return null;
  const pricing = pricings.find((p) => p.beginDate <= stay.arrival && p.endDate >= stay.arrival);
  if (!pricing) return null;
  const table: PricingTable = computePricingTable(pricing.payload);
  const figures = stayWholeFigures(stay, table.threshold);
  return computeDeclarationTax({ type, figures, pricing: table }).total;
}

/** The register of a month or a year, read once for both exports. */
export function createRegisterExports(db: Database) {
  async function load(
    actor: Actor,
    establishmentId: number,
    query: RegisterPeriodQuery,
  ): Promise<RegisterExport> {
    await requireAccess(db, actor, 'establishment', [establishmentId]);
    const repository = createRegisterRepository(db);
    const establishment = await repository.establishment(establishmentId);
    if (!establishment) throw new AppError('not_found');
    const { from, to } = periodBounds(query);
    const [rows, done] = await Promise.all([
      repository.ofPeriod(establishmentId, from, to),
      repository.doneMonths(establishmentId),
    ]);
    const earliest = rows.reduce((min, r) => (r.arrival < min ? r.arrival : min), from);
    const pricings = await repository.pricingsOverlapping(earliest, to);
    const period = query.month === undefined ? `${query.year}` : `${MONTH_NAMES[query.month]} ${query.year}`;
    const slug =
      query.month === undefined ? `${query.year}` : `${query.year}-${String(query.month).padStart(2, '0')}`;
    return {
      establishmentName: establishment.name,
      title: `Registre du logeur — ${establishment.name} — ${period}`,
      filename: `registre-${slug}`,
      lines: rows.map((row) => {
        const stay = toRegisterStay(row, done);
        return {
          stay,
          personNights: stay.persons * stay.nights,
          tax: taxOf(stay, establishment.type, pricings),
        };
      }),
    };
  }

  return {
    async csv(actor: Actor, establishmentId: number, query: RegisterPeriodQuery) {
      const register = await load(actor, establishmentId, query);
      let text = CSV_BOM;
      text += csvLine([
        'Arrivée',
        'Départ',
        'Nuits',
        'Personnes',
        'Exonérés',
        'Motif d’exonération',
        'Nuitées',
        'Prix HT (€)',
        'Plateforme',
        'Taxe due (€)',
        'Référence',
      ]);
      for (const { stay, personNights, tax } of register.lines) {
        text += csvLine([
          frenchDate(stay.arrival),
          frenchDate(stay.departure),
          stay.nights,
          stay.persons,
          stay.exempted,
          stay.exemptionReason ? EXEMPTION_REASON_LABELS[stay.exemptionReason] : '',
          personNights,
          csvAmount(stay.price),
          formatYesNo(stay.platform),
          tax === null ? '' : csvAmount(tax),
          stay.reference,
        ]);
      }
      return { body: text, filename: `${register.filename}.csv` };
    },

    async pdfFile(actor: Actor, establishmentId: number, query: RegisterPeriodQuery) {
      const register = await load(actor, establishmentId, query);
      return { body: await registerPdf(register), filename: `${register.filename}.pdf` };
    },
  };
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
function registerPdf(register: RegisterExport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: register.title, Author: 'Séjour' },
    lang: 'fr-FR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
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
      doc.text(pdfText(cell), x, y, {
        width: column.width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
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

  doc.font('Helvetica-Bold').fontSize(14).text(pdfText(register.title), left, doc.y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Séjours du registre, en ordre d’arrivée. Aucune donnée d’état civil n’est tenue.');
  doc.moveDown(1);
  header();
  let nights = 0;
  let price = 0;
  let tax = 0;
  for (const line of register.lines) {
    const { stay } = line;
    nights += line.personNights;
    price += stay.price;
    tax += line.tax ?? 0;
    row([
      frenchDate(stay.arrival),
      frenchDate(stay.departure),
      formatInteger(stay.nights),
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
  if (register.lines.length === 0) row(['Aucun séjour sur la période.']);
  doc.moveDown(0.5);
  row(
    [
      'Total',
      '',
      '',
      '',
      '',
      `${formatInteger(register.lines.length)} ${frPlural(register.lines.length, 'séjour', 'séjours')}`,
      formatInteger(nights),
      formatEuros(price),
      '',
      formatEuros(tax),
      '',
    ],
    true,
  );
  doc.end();
  return done;
}
