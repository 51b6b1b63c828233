import {
  auditActionLabels,
  auditChangeEntries,
  auditChangeText,
  auditEntityLabels,
  formatTimestamp,
  ROLE_LABELS,
} from '@sejour/domain';
import { csvWriter } from '../offload/csv-writer';
import type { AuditRow } from './repository';

const CSV_HEADER = [
  'Date',
  'Utilisateur',
  'Rôle',
  'Adresse',
  'Action',
  'Entité',
  'N°',
  'Libellé',
  'Changements',
];

/** The Journal as CSV, as an offload worker writes it from pages of entries, newest first. */
export function journalCsvWriter() {
  return csvWriter(CSV_HEADER, (rows: readonly AuditRow[]) =>
    rows.map((row) => [
      formatTimestamp(row.at),
      row.actorName,
      row.actorRole ? ROLE_LABELS[row.actorRole] : null,
      row.ip,
      auditActionLabels[row.action],
      auditEntityLabels[row.entity],
      row.entityId,
      row.entityLabel,
      auditChangeEntries(row.changes)
        .map(([field, change]) => auditChangeText(field, change, row.action))
        .join(' ; '),
    ]),
  );
}
