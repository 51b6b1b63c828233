import {
  AMOUNT_LABELS,
  COMPONENT_KINDS,
  type ComponentKind,
  type CsvValue,
  componentCsvHeader,
  csvAmount,
  csvFileStream,
  type EstablishmentType,
  establishmentTypeInfo,
  formatDate,
  type IsoDate,
  type Month,
  monthName,
  type Regime,
  regimeLabels,
} from '@sejour/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { declarations, establishments, users } from '../db/schema';
import { providerNameSql } from './repository';

/**
 * One exported row as the database sends it: a JSON array, in this order. The export reads only the columns it
 * writes, and reads a whole batch as one JSON document: the per-row, per-column decoding of the driver's rows
 * was most of the export's time (on PGlite, the protocol parsing in JavaScript; on PostgreSQL, the wide rows).
 */
type ExportedRow = [
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

/** A done declaration keeps the type it was computed with; a draft shows its establishment's current type. */
const exportedRowSql = sql`json_build_array(
  ${declarations.year}, ${declarations.month}, ${declarations.id},
  coalesce(${declarations.tariffs}->>'type', ${establishments.type}::text), ${declarations.done},
  ${declarations.personCount}, ${declarations.nightsCount}, ${declarations.exemptedCount},
  ${declarations.taxableNights}, ${declarations.platformNightsCount},
  ${declarations.ccAmount}, ${declarations.moselleAmount}, ${declarations.totalAmount},
  ${establishments.name}, ${providerNameSql},
  ${declarations.ileDeFranceAmount}, ${declarations.idfMobilitesAmount}, ${declarations.railwayLineAmount},
  ${declarations.regime}, ${declarations.periodStart}, ${declarations.periodEnd})`;

/**
 * The whole filtered set as CSV, written batch by batch in (year, month, id) order — keyset paging on the
 * `(year, month, id)` index, so each batch reads just its own rows, memory stays flat, and nothing re-sorts
 * what came before. The next batch is already being read while the current one is formatted and sent.
 */
export function declarationsCsv(
  db: Database,
  where: SQL | undefined,
  batchSize = 5000,
): AsyncGenerator<string> {
  const batchAfter = async (after: ExportedRow | null): Promise<ExportedRow[]> => {
    const batch = db
      .select({
        row: exportedRowSql.as('row'),
        year: declarations.year,
        month: declarations.month,
        id: declarations.id,
      })
      .from(declarations)
      .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
      .innerJoin(users, eq(users.id, declarations.userId))
      .where(
        and(
          where,
          after
            ? sql`(${declarations.year}, ${declarations.month}, ${declarations.id}) > (${after[0]}, ${after[1]}, ${after[2]})`
            : undefined,
        ),
      )
      .orderBy(asc(declarations.year), asc(declarations.month), asc(declarations.id))
      .limit(batchSize)
      .as('batch');
    const [result] = await db
      .select({
        rows: sql<
          string | null
        >`json_agg(${batch.row} ORDER BY ${batch.year}, ${batch.month}, ${batch.id})::text`,
      })
      .from(batch);
    return result?.rows ? (JSON.parse(result.rows) as ExportedRow[]) : [];
  };
  /** The components other than the departmental one that some exported declaration has. */
  const componentsShown = async (): Promise<ComponentKind[]> => {
    const [found] = await db
      .select({
        ILE_DE_FRANCE: sql<boolean>`coalesce(bool_or(${declarations.ileDeFranceAmount} <> 0), false)`,
        IDF_MOBILITES: sql<boolean>`coalesce(bool_or(${declarations.idfMobilitesAmount} <> 0), false)`,
        RAILWAY_LINE: sql<boolean>`coalesce(bool_or(${declarations.railwayLineAmount} <> 0), false)`,
      })
      .from(declarations)
      .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
      .innerJoin(users, eq(users.id, declarations.userId))
      .where(where);
    return COMPONENT_KINDS.filter((kind) => kind === 'DEPARTMENTAL' || found?.[kind] === true);
  };
  async function* file(): AsyncGenerator<string> {
    const columns = csvColumns(await componentsShown());
    yield* csvFileStream(
      columns.map((c) => c.header),
      batches(columns),
    );
  }
  async function* batches(columns: ReturnType<typeof csvColumns>): AsyncGenerator<CsvValue[][]> {
    let pending: Promise<ExportedRow[]> | null = batchAfter(null);
    try {
      while (pending) {
        const rows: ExportedRow[] = await pending;
        const last = rows[rows.length - 1];
        pending = last && rows.length === batchSize ? batchAfter(last) : null;
        yield rows.map((row) => columns.map((c) => c.value(row)));
      }
    } finally {
      // A client that hangs up mid-file leaves a read in flight: let it settle without an unhandled rejection.
      pending?.catch(() => undefined);
    }
  }
  return file();
}
