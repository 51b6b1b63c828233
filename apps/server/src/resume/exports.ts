import {
  AMOUNT_LABELS,
  CSV_BOM,
  csvAmount,
  csvLine,
  establishmentTypeInfo,
  type Month,
  monthName,
  type ResumeProvider,
} from '@sejour/domain';

const months = (list: readonly Month[]) => list.map(monthName).join(' ');

/** The resume as CSV: one line per establishment, its provider's reference, months and amounts. */
export async function* resumeCsv(providers: AsyncIterable<ResumeProvider>): AsyncGenerator<string> {
  yield CSV_BOM +
    csvLine([
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
    ]);
  for await (const provider of providers) {
    let chunk = '';
    for (const row of provider.rows) {
      chunk += csvLine([
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
      ]);
    }
    yield chunk;
  }
}

/**
 * The accounting export for the treasury's titre de recettes: one line per provider with something due, the
 * payment reference and the amount of each component.
 */
export async function* accountingCsv(providers: AsyncIterable<ResumeProvider>): AsyncGenerator<string> {
  yield CSV_BOM +
    csvLine([
      'Référence de paiement',
      'Hébergeur',
      'Société',
      `${AMOUNT_LABELS.cc} (€)`,
      `${AMOUNT_LABELS.moselle} (€)`,
      `${AMOUNT_LABELS.total} (€)`,
    ]);
  for await (const provider of providers) {
    if (provider.totals.totalAmount === 0) continue;
    yield csvLine([
      provider.paymentReference,
      provider.providerName,
      provider.company ?? '',
      csvAmount(provider.totals.ccAmount),
      csvAmount(provider.totals.moselleAmount),
      csvAmount(provider.totals.totalAmount),
    ]);
  }
}
