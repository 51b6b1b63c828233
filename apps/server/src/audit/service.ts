import {
  type AuditEntry,
  type AuditListQuery,
  auditActionLabels,
  auditChangeEntries,
  auditChangeText,
  auditEntityLabels,
  csvFileStream,
  formatTimestamp,
  isAdminRole,
  type ListMeta,
  ROLE_LABELS,
} from '@sejour/domain';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { type AuditRow, createAuditRepository, historyWhere, journalWhere } from './repository';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityRef: row.entityId,
    entityLabel: row.entityLabel,
    changes: row.changes,
  };
}

/**
 * What a host sees of their own entity's history: every change, but of other people only the role — no
 * name, no address (docs/features/audit.md).
 */
function forViewer(entry: AuditEntry, viewer: Actor): AuditEntry {
  if (isAdminRole(viewer.role) || entry.actorId === viewer.id) return entry;
  return { ...entry, actorId: null, actorName: null, ip: null };
}

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

/** The Journal's lines, one chunk per entry. */
async function* rowsOf(rows: AsyncIterable<AuditRow>) {
  for await (const row of rows) {
    yield [
      [
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
      ],
    ];
  }
}

/** The Journal (admins) and the histories of declarations and establishments (anyone who may read them). */
export function createAuditService(deps: { db: Database }) {
  const repository = createAuditRepository(deps.db);

  async function page(
    where: ReturnType<typeof journalWhere>,
    query: { limit: number; offset: number; total?: boolean | undefined },
  ): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
    const [rows, total] = await Promise.all([
      repository.page(where, query.limit, query.offset),
      query.total === false ? null : repository.count(where),
    ]);
    return { data: rows.map(toEntry), meta: { total, limit: query.limit, offset: query.offset } };
  }

  return {
    list: (query: AuditListQuery) => page(journalWhere(query), query),

    /** The filtered Journal as CSV, streamed in batches. */
    csv(query: AuditListQuery): AsyncGenerator<string> {
      return csvFileStream(CSV_HEADER, rowsOf(repository.each(journalWhere(query))));
    },

    /** Ownership was checked by the route (`owns`): another host's id never gets here. */
    async history(
      kind: 'declaration' | 'establishment',
      id: number,
      query: { limit: number; offset: number },
      viewer: Actor,
    ): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
      const result = await page(historyWhere(kind, id), query);
      return { ...result, data: result.data.map((entry) => forViewer(entry, viewer)) };
    },
  };
}
