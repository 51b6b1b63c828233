import {
  AMOUNT_LABELS,
  type CollectivitySettings,
  type ComponentTotals,
  componentInfo,
  componentsSum,
  dueDateWording,
  EXEMPTION_REASON_LABELS,
  type ExemptionsByReasonTotals,
  exemptionReasonsShown,
  formatBasisPoints,
  formatEuros,
  formatInteger,
  formatNoticeDate,
  hasOtherComponents,
  monthName,
  PROVISIONAL_NOTICE,
  type ResumeAmounts,
  type ResumeProvider,
  type Semester,
  semesterLabel,
  shownComponents,
} from '@sejour/domain';
import PDFDocument from 'pdfkit';
import type { NoticeForfait, NoticeLine } from './lines';
import { bufferPageContent, writeText } from './pdf-content';
import { rememberFontMeasures } from './pdf-fonts';

/** What one notice prints. */
export interface Notice {
  collectivity: CollectivitySettings;
  provider: ResumeProvider;
  address: { name: string; lines: string[] };
  lines: NoticeLine[];
  year: number;
  semester: Semester;
  dueDate: string;
  issuedOn: string;
  provisional: boolean;
}

const A4 = { size: 'A4' as const, margin: 50 };

/**
 * The standard PDF fonts encode WinAnsi: French letters and "€" are there, the narrow no-break space Intl puts
 * between thousands is not — it becomes a no-break space.
 */
function pdfText(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}

const euros = (cents: number) => pdfText(formatEuros(cents));
const count = (n: number) => pdfText(formatInteger(n));

/** A new PDF document for notices: A4, selectable text, French metadata. */
export function createNoticeDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    ...A4,
    autoFirstPage: false,
    info: { Title: title, Author: 'Séjour' },
    lang: 'fr-FR',
  });
  rememberFontMeasures(doc);
  bufferPageContent(doc);
  return doc;
}

/**
 * `doc.text(text, x, y, { width, align })`, the notices' one way of writing text (at the cursor, up to the page's
 * right margin, by default), through `writeText` wherever that gives the same bytes with less work.
 */
function write(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { x?: number; y?: number; width?: number; right?: boolean } = {},
): void {
  const x = options.x ?? doc.x;
  const y = options.y ?? doc.y;
  const width = options.width ?? Math.max(doc.page.width - x - doc.page.margins.right, 0);
  if (!writeText(doc, text, x, y, width, options.right))
    doc.text(text, x, y, { width, align: options.right ? 'right' : 'left' });
}

/** Writes one provider's notice on new pages of the document. */
export function writeNotice(doc: PDFKit.PDFDocument, notice: Notice): void {
  const { collectivity, provider } = notice;
  doc.addPage(A4);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(14);
  write(doc, pdfText(collectivity.name));
  doc.font('Helvetica').fontSize(9);
  write(doc, pdfText(collectivity.address));
  const contact = [
    collectivity.siret && `SIRET ${collectivity.siret}`,
    collectivity.email,
    collectivity.phone,
  ]
    .filter(Boolean)
    .join(' · ');
  if (contact) write(doc, pdfText(contact));

  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(10);
  write(doc, pdfText(notice.address.name), { x: left + width / 2 });
  doc.font('Helvetica');
  for (const line of notice.address.lines) write(doc, pdfText(line), { x: left + width / 2 });
  doc.x = left;

  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16);
  write(doc, notice.provisional ? PROVISIONAL_NOTICE.title : 'Avis des sommes à payer', { x: left, width });
  doc.font('Helvetica').fontSize(10);
  write(doc, pdfText(`Taxe de séjour — ${semesterLabel(notice.semester)} ${notice.year}`), { width });
  write(doc, pdfText(`Émis le ${formatNoticeDate(notice.issuedOn)}`), { width });
  if (notice.provisional) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Oblique').fontSize(9);
    write(doc, pdfText(PROVISIONAL_NOTICE.explanation), { width });
    doc.font('Helvetica');
  }
  doc.moveDown();

  // Where components other than the departmental one were collected, its column holds them all, so a line
  // still adds up on its face; the detail per component follows the table.
  const others = hasOtherComponents(shownComponents(provider.componentTotals));
  // The person-nights read left to right as a subtraction (all, less exempted, less via platforms, taxable), so
  // every line adds up on its face. Widths fit each header's and month's longest word: pdfkit would otherwise
  // cut "intercommunale" or "septembre" in two.
  const columns = [
    { title: 'Établissement', width: 0.14 },
    { title: 'Mois', width: 0.1 },
    { title: AMOUNT_LABELS.nights, width: 0.075, right: true },
    { title: AMOUNT_LABELS.exempted, width: 0.09, right: true },
    { title: AMOUNT_LABELS.platform, width: 0.105, right: true },
    { title: AMOUNT_LABELS.taxable, width: 0.085, right: true },
    { title: AMOUNT_LABELS.cc, width: 0.135, right: true },
    { title: others ? AMOUNT_LABELS.components : AMOUNT_LABELS.moselle, width: 0.145, right: true },
    { title: AMOUNT_LABELS.total, width: 0.125, right: true },
  ];
  const figures = (amounts: ResumeAmounts, components: ComponentTotals) => [
    count(amounts.nightsCount),
    count(amounts.exemptedNights),
    count(amounts.platformNightsCount),
    count(amounts.taxableNights),
    euros(amounts.ccAmount),
    euros(others ? componentsSum(components) : amounts.moselleAmount),
    euros(amounts.totalAmount),
  ];
  const row = (cells: string[], bold = false, size = 9) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage(A4);
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    let height = 0;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const w = column.width * width;
      write(doc, pdfText(cell), { x, y, width: w - 4, right: column.right });
      height = Math.max(height, doc.y - y);
      x += w;
    });
    doc.x = left;
    doc.y = y + height + 3;
  };
  row(
    columns.map((c) => c.title),
    true,
    8,
  );
  for (const line of notice.lines) {
    if (!line.forfait) {
      row([line.name, monthName(line.month), ...figures(line, line.components)]);
      continue;
    }
    // Au forfait no person-night is declared: the line says what its amount was computed on instead.
    const [, , , , ...amounts] = figures(line, line.components);
    row([line.name, 'Forfait', '—', '—', '—', '—', ...amounts]);
    doc.font('Helvetica-Oblique').fontSize(8);
    write(doc, pdfText(forfaitBasis(line.forfait)), { x: left, width });
    doc.x = left;
    doc.moveDown(0.3);
  }
  if (notice.lines.length === 0)
    row(['Aucune déclaration terminée pour ce semestre.', ...columns.slice(1).map(() => '')]);
  const totals = provider.totals;
  row(
    [notice.provisional ? 'Total à ce jour' : 'Total dû', '', ...figures(totals, provider.componentTotals)],
    true,
  );
  writeDetail(doc, notice, { left, width });

  const missing = provider.rows.flatMap((r) =>
    r.missingMonths.map((m) => `${r.establishmentName} (${monthName(m)})`),
  );
  doc.moveDown();
  if (missing.length > 0) {
    doc.font('Helvetica').fontSize(9);
    write(doc, pdfText(`Mois non déclarés à ce jour : ${missing.join(', ')}.`), { x: left, width });
    doc.moveDown(0.5);
  }
  if (totals.platformNightsCount > 0) {
    doc.font('Helvetica').fontSize(9);
    write(
      doc,
      pdfText(
        `Nuitées réservées via des plateformes qui ont collecté la taxe : ${count(totals.platformNightsCount)} (non facturées).`,
      ),
      { x: left, width },
    );
    doc.moveDown(0.5);
  }

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11);
  write(
    doc,
    pdfText(
      `${notice.provisional ? 'Montant provisoire à payer' : 'Montant à payer'} : ${euros(totals.totalAmount)}`,
    ),
    { x: left, width },
  );
  write(doc, pdfText(dueDateWording(notice.dueDate)), { width });
  write(doc, pdfText(`Référence de paiement : ${provider.paymentReference}`), { width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(9);
  write(doc, pdfText(collectivity.paymentInstructions), { width });
}

/** "Forfait du 1er janvier 2026 au 31 décembre 2026 : 360 unités de capacité × 153 nuits d’ouverture, abattement de 30 %". */
function forfaitBasis(forfait: NoticeForfait): string {
  const units = `${count(forfait.capacityUnits)} ${forfait.capacityUnits >= 2 ? 'unités' : 'unité'} de capacité`;
  const nights = `${count(forfait.nights)} ${forfait.nights >= 2 ? 'nuits' : 'nuit'} d’ouverture`;
  return `Forfait ${forfait.period} : ${units} × ${nights}, abattement de ${formatBasisPoints(forfait.abatementRate)}`;
}

/**
 * Under the table: the total per component (the collectivity's share, each component with its article, the
 * total), then the exempted person-nights per reason when every line recorded them.
 */
function writeDetail(
  doc: PDFKit.PDFDocument,
  notice: Notice,
  { left, width }: { left: number; width: number },
): void {
  const { totals, componentTotals } = notice.provider;
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(9);
  write(doc, pdfText(AMOUNT_LABELS.byComponent), { x: left, width });
  doc.font('Helvetica');
  const line = (label: string, amount: number) =>
    write(doc, pdfText(`${label} : ${euros(amount)}`), { x: left, width });
  line(AMOUNT_LABELS.cc, totals.ccAmount);
  for (const kind of shownComponents(componentTotals))
    line(`${componentInfo[kind].label} (${componentInfo[kind].legalBasis})`, componentTotals[kind]);
  line(AMOUNT_LABELS.total, totals.totalAmount);
  const byReason = exemptionsOfLines(notice.lines);
  if (byReason && totals.exemptedNights > 0) {
    const reasons = exemptionReasonsShown(byReason)
      .map(({ reason, nights }) => `${EXEMPTION_REASON_LABELS[reason]} : ${count(nights)}`)
      .join(' · ');
    write(doc, pdfText(`${AMOUNT_LABELS.byReason} — ${reasons}`), { x: left, width });
  }
}

/** The lines' exempted person-nights per reason; null as soon as one line was made before reasons existed. */
function exemptionsOfLines(lines: readonly NoticeLine[]): ExemptionsByReasonTotals {
  let sum: ExemptionsByReasonTotals = { MINOR: 0, SEASONAL_WORKER: 0, EMERGENCY_REHOUSING: 0, LOW_RENT: 0 };
  for (const { exemptionsByReason: own } of lines) {
    if (!own) return null;
    sum = {
      MINOR: sum.MINOR + own.MINOR,
      SEASONAL_WORKER: sum.SEASONAL_WORKER + own.SEASONAL_WORKER,
      EMERGENCY_REHOUSING: sum.EMERGENCY_REHOUSING + own.EMERGENCY_REHOUSING,
      LOW_RENT: sum.LOW_RENT + own.LOW_RENT,
    };
  }
  return sum;
}
