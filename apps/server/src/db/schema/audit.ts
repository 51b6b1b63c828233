import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditChanges, ROLES } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/features/audit.md): one row per change, written in the change's transaction.
 * No foreign key: an entry outlives the user, establishment or declaration it names (names are copied), and
 * a trigger of the migration refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role', { enum: ROLES }),
    ip: text('ip'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: integer('entity_id'),
    entityLabel: text('entity_label'),
    /** The establishment an establishment's or a declaration's entry belongs to: its history reads them all. */
    establishmentId: integer('establishment_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [
    // The Journal pages newest first, whatever the filter; each filter has its own index to walk.
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_actor_name_idx').on(sql`lower(${table.actorName})`, table.at),
    index('audit_log_entity_idx').on(table.entity, table.at),
    index('audit_log_entity_id_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_establishment_idx').on(table.establishmentId, table.at),
  ],
);
