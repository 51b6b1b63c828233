import {
  AMOUNT_LABELS,
  type ComponentKind,
  type ComponentTotals,
  type CsvRow,
  componentCsvHeader,
  componentInfo,
  csvAmount,
  csvFileStream,
  EXEMPTION_REASON_LABELS,
  EXEMPTION_REASONS,
  establishmentTypeInfo,
  formatDate,
  type Month,
  monthName,
  type ResumeProvider,
  type ResumeRow,
  type Reversements,
  regimeLabels,
  semesterLabel,
} from '@sejour/domain';
import { csvWriter } from '../offload/csv-writer';
import type { SemesterForfait } from './forfaits';
import type { ExportShape } from './service';

const months = (list: readonly Month[]) => list.map(monthName).join(' ');

/**
 * The amounts' columns: the collectivity's share, each shown component (the departmental one under the
 * specification's header), the total.
 */
function amountHeaders(components: readonly ComponentKind[]): string[] {
  return [`${AMOUNT_LABELS.cc} (€)`, ...components.map(componentCsvHeader), `${AMOUNT_LABELS.total} (€)`];
}

function amountCells(
  components: readonly ComponentKind[],
  amounts: { ccAmount: number; totalAmount: number },
  byKind: ComponentTotals,
) {
  return [
    csvAmount(amounts.ccAmount),
    ...components.map((kind) => csvAmount(byKind[kind])),
    csvAmount(amounts.totalAmount),
  ];
}

/**
 * Au forfait no person-night is declared: the regime of the semester's declarations (none, none said), and
 * the forfait's periods and amount, which the amounts' columns count.
 */
function regimeCells(row: ResumeRow, forfait: SemesterForfait | undefined) {
  const declared = row.doneMonths.length + row.draftMonths.length > 0;
  const regime = !forfait
    ? declared
      ? regimeLabels.REEL
      : ''
    : forfait.alsoReel
      ? `${regimeLabels.REEL} et ${regimeLabels.FORFAIT.toLowerCase()}`
      : regimeLabels.FORFAIT;
  return [
    regime,
    forfait?.periods.map((p) => `du ${formatDate(p.start)} au ${formatDate(p.end)}`).join(' ; ') ?? '',
    forfait?.periods.length ? csvAmount(forfait.amount) : '',
  ];
}

/** What the resume's CSV needs before its rows: its shape and the semester's forfaits. */
export interface ResumeCsvHead {
  shape: ExportShape;
  forfaits: ReadonlyMap<number, SemesterForfait>;
}

/**
 * The resume as CSV, as an offload worker writes it from pages of providers: one line per establishment, its
 * provider's reference, months and amounts. `components` are the resume's shown ones (the departmental one, and
 * the others collected in the semester); where some declaration recorded its exempted person-nights by reason, a
 * column per reason follows the total (empty for an establishment with a declaration made before reasons were
 * recorded: its exempted total stands alone).
 */
export function resumeCsvWriter({ shape: { components, reasons }, forfaits }: ResumeCsvHead) {
  return csvWriter(
    [
      'Référence de paiement',
      'Hébergeur',
      'Établissement',
      'Catégorie',
      'Régime déclaré',
      'Période du forfait',
      'Montant du forfait (€)',
      'Mois déclarés',
      'Mois en cours',
      'Mois manquants',
      AMOUNT_LABELS.nights,
      AMOUNT_LABELS.exempted,
      AMOUNT_LABELS.platform,
      AMOUNT_LABELS.taxable,
      ...amountHeaders(components),
      ...(reasons
        ? EXEMPTION_REASONS.map((r) => `${AMOUNT_LABELS.exempted} — ${EXEMPTION_REASON_LABELS[r]}`)
        : []),
    ],
    (providers: readonly ResumeProvider[]) =>
      providers.flatMap((provider) =>
        provider.rows.map((row) => [
          provider.paymentReference,
          provider.providerName,
          row.establishmentName,
          row.type ? establishmentTypeInfo[row.type].label : '',
          ...regimeCells(row, forfaits.get(row.establishmentId)),
          months(row.doneMonths),
          months(row.draftMonths),
          months(row.missingMonths),
          row.nightsCount,
          row.exemptedNights,
          row.platformNightsCount,
          row.taxableNights,
          ...amountCells(components, row, row.components),
          ...(reasons ? EXEMPTION_REASONS.map((r) => row.exemptionsByReason?.[r] ?? null) : []),
        ]),
      ),
  );
}

/**
 * The accounting export for the treasury's titre de recettes, as an offload worker writes it from pages of
 * providers: one line per provider with something due, the payment reference and the amount of each component.
 */
export function accountingCsvWriter({ components }: { components: ComponentKind[] }) {
  return csvWriter(
    ['Référence de paiement', 'Hébergeur', 'Société', ...amountHeaders(components)],
    (providers: readonly ResumeProvider[]) =>
      providers
        .filter((provider) => provider.totals.totalAmount !== 0)
        .map((provider) => [
          provider.paymentReference,
          provider.providerName,
          provider.company ?? '',
          ...amountCells(components, provider.totals, provider.componentTotals),
        ]),
  );
}

/** The reversements as CSV: one line per semester, component and beneficiary. */
export function reversementsCsv(reversements: Reversements): AsyncGenerator<string> {
  async function* rows(): AsyncGenerator<CsvRow[]> {
    yield reversements.semesters.flatMap(({ semester, lines }) =>
      lines.map((line) => [
        reversements.year,
        semesterLabel(semester),
        componentInfo[line.kind].label,
        componentInfo[line.kind].legalBasis,
        line.beneficiary,
        csvAmount(line.amount),
      ]),
    );
  }
  return csvFileStream(
    ['Année', 'Semestre', 'Composante', 'Fondement légal', 'Bénéficiaire', 'Montant (€)'],
    rows(),
  );
}
