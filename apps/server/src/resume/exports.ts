import {
  AMOUNT_LABELS,
  type CsvRow,
  csvAmount,
  csvFileStream,
  establishmentTypeInfo,
  type Month,
  monthName,
  type ResumeProvider,
} from '@sejour/domain';

const months = (list: readonly Month[]) => list.map(monthName).join(' ');

/** The file's rows of each provider, one chunk per provider, read as the file is sent. */
async function* eachBatch(
  providers: AsyncIterable<ResumeProvider>,
  rows: (provider: ResumeProvider) => CsvRow[],
): AsyncGenerator<CsvRow[]> {
  for await (const provider of providers) yield rows(provider);
}

/** The resume as CSV: one line per establishment, its provider's reference, months and amounts. */
export function resumeCsv(providers: AsyncIterable<ResumeProvider>): AsyncGenerator<string> {
  return csvFileStream(
    [
      'Référence de paiement',
      'Hébergeur',
      'Établissement',
      'Catégorie',
      'Mois déclarés',
      'Mois en cours',
      'Mois manquants',
      AMOUNT_LABELS.nights,
      AMOUNT_LABELS.exempted,
      AMOUNT_LABELS.platform,
      AMOUNT_LABELS.taxable,
      `${AMOUNT_LABELS.cc} (€)`,
      `${AMOUNT_LABELS.moselle} (€)`,
      `${AMOUNT_LABELS.total} (€)`,
    ],
    eachBatch(providers, (provider) =>
      provider.rows.map((row) => [
        provider.paymentReference,
        provider.providerName,
        row.establishmentName,
        row.type ? establishmentTypeInfo[row.type].label : '',
        months(row.doneMonths),
        months(row.draftMonths),
        months(row.missingMonths),
        row.nightsCount,
        row.exemptedNights,
        row.platformNightsCount,
        row.taxableNights,
        csvAmount(row.ccAmount),
        csvAmount(row.moselleAmount),
        csvAmount(row.totalAmount),
      ]),
    ),
  );
}

/**
 * The accounting export for the treasury's titre de recettes: one line per provider with something due, the
 * payment reference and the amount of each component.
 */
export function accountingCsv(providers: AsyncIterable<ResumeProvider>): AsyncGenerator<string> {
  return csvFileStream(
    [
      'Référence de paiement',
      'Hébergeur',
      'Société',
      `${AMOUNT_LABELS.cc} (€)`,
      `${AMOUNT_LABELS.moselle} (€)`,
      `${AMOUNT_LABELS.total} (€)`,
    ],
    eachBatch(providers, (provider) =>
      provider.totals.totalAmount === 0
        ? []
        : [
            [
              provider.paymentReference,
              provider.providerName,
              provider.company ?? '',
              csvAmount(provider.totals.ccAmount),
              csvAmount(provider.totals.moselleAmount),
              csvAmount(provider.totals.totalAmount),
            ],
          ],
    ),
  );
}
