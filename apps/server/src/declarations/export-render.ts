import {
  AMOUNT_LABELS,
  type ComponentKind,
  type CsvValue,
  componentCsvHeader,
  csvAmount,
  type EstablishmentType,
  establishmentTypeInfo,
  formatDate,
  type IsoDate,
  type Month,
  monthName,
  type Regime,
  regimeLabels,
} from '@sejour/domain';
import { csvWriter } from '../offload/csv-writer';

/**
 * One exported row as the database sends it: a JSON array, in this order. The export reads only the columns it
 * writes, and reads a whole batch as one JSON document: the per-row, per-column decoding of the driver's rows
 * was most of the export's time (on PGlite, the protocol parsing in JavaScript; on PostgreSQL, the wide rows).
 */
export type ExportedRow = [
  year: number,
  month: number,
  id: number,
  type: EstablishmentType | null,
  done: boolean,
  personCount: number,
  nightsCount: number,
  exemptedCount: number,
  taxableNights: number,
  platformNightsCount: number,
  ccAmount: number,
  moselleAmount: number,
  totalAmount: number,
  establishmentName: string,
  providerName: string,
  ileDeFranceAmount: number,
  idfMobilitesAmount: number,
  railwayLineAmount: number,
  regime: Regime,
  periodStart: IsoDate | null,
  periodEnd: IsoDate | null,
];

/** Where each component's amount sits in an exported row (the departmental one is `moselleAmount`). */
const COMPONENT_CELL: Readonly<Record<ComponentKind, number>> = {
  DEPARTMENTAL: 11,
  ILE_DE_FRANCE: 15,
  IDF_MOBILITES: 16,
  RAILWAY_LINE: 17,
};

/** The columns of the CSV export, in French. */
const CSV_COLUMNS: { header: string; value: (r: ExportedRow) => CsvValue }[] = [
  { header: 'Année', value: (r) => r[0] },
  { header: 'Mois', value: (r) => monthName(r[1] as Month) },
  { header: 'Hébergeur', value: (r) => r[14] },
  { header: 'Établissement', value: (r) => r[13] },
  { header: 'Catégorie', value: (r) => (r[3] ? establishmentTypeInfo[r[3]].label : '') },
  { header: 'Terminée', value: (r) => (r[4] ? 'Oui' : 'Non') },
  // Au forfait no person-night is declared: the row says so, over which period, and for which forfait.
  { header: 'Régime', value: (r) => regimeLabels[r[18]] },
  { header: 'Début du forfait', value: (r) => (r[19] ? formatDate(r[19]) : '') },
  { header: 'Fin du forfait', value: (r) => (r[20] ? formatDate(r[20]) : '') },
  { header: 'Montant du forfait (€)', value: (r) => (r[18] === 'FORFAIT' ? csvAmount(r[12]) : '') },
  { header: 'Personnes', value: (r) => r[5] },
  { header: 'Nuitées', value: (r) => r[6] },
  { header: 'Nuitées exonérées', value: (r) => r[7] },
  { header: 'Nuitées taxables', value: (r) => r[8] },
  { header: 'Nuitées via plateformes', value: (r) => r[9] },
  { header: `${AMOUNT_LABELS.cc} (€)`, value: (r) => csvAmount(r[10]) },
];

/**
 * The CSV's columns: each component shown (the departmental one always, under the specification's header;
 * the others only when an exported declaration has them) between the collectivity's share and the total.
 */
function csvColumns(components: readonly ComponentKind[]) {
  return [
    ...CSV_COLUMNS,
    ...components.map((kind) => ({
      header: componentCsvHeader(kind),
      value: (r: ExportedRow) => csvAmount(r[COMPONENT_CELL[kind]] as number),
    })),
    { header: `${AMOUNT_LABELS.total} (€)`, value: (r: ExportedRow) => csvAmount(r[12]) },
  ];
}

/** What the file's writer needs before its rows: the components some exported declaration has. */
export interface DeclarationsCsvHead {
  components: ComponentKind[];
}

/**
 * The declarations' CSV as an offload worker writes it: each item is one batch of exported rows as the
 * database's JSON text (a string is copied to the worker at once, where a batch of arrays would be cloned row by
 * row), parsed and formatted there.
 */
export function declarationsCsvWriter({ components }: DeclarationsCsvHead) {
  const columns = csvColumns(components);
  return csvWriter(
    columns.map((c) => c.header),
    (batches: readonly string[]) =>
      batches.flatMap((text) =>
        (JSON.parse(text) as ExportedRow[]).map((row) => columns.map((c) => c.value(row))),
      ),
  );
}
