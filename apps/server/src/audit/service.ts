import type { Readable } from 'node:stream';
import { type AuditEntry, type AuditListQuery, isAdminRole, type ListMeta } from '@sejour/domain';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { inPages, type OffloadPool } from '../offload/pool';
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

/** Entries handed to the worker in one message: their changes can be long texts. */
const ENTRIES_PER_MESSAGE = 200;

/** The Journal (admins) and the histories of declarations and establishments (anyone who may read them). */
export function createAuditService(deps: { db: Database; offload: OffloadPool }) {
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

    /**
     * The filtered Journal as CSV, written by an offload worker (years of a busy register's stays are tens of
     * thousands of entries) from pages of entries, read as the reader takes the bytes.
     */
    csv(query: AuditListQuery): Readable {
      return deps.offload.stream(
        'journalCsv',
        Promise.resolve(undefined),
        inPages(repository.each(journalWhere(query)), ENTRIES_PER_MESSAGE),
      );
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
