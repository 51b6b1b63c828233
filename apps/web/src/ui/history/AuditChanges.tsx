import { List, Text } from '@mantine/core';
import { type AuditAction, type AuditEntry, auditChangeEntries, auditChangeParts } from '@sejour/domain';

/**
 * What an audit entry changed, one line a field: "Total : 120,00 € → 376,20 €" (a creation: its new value
 * only), in the order the forms list the fields. Values are written by the domain's formatters, as the
 * Journal's CSV writes them.
 */
export function AuditChanges({ changes, action }: { changes: AuditEntry['changes']; action?: AuditAction }) {
  const entries = auditChangeEntries(changes);
  if (entries.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
      {entries.map(([field, change]) => {
        const parts = auditChangeParts(field, change, action);
        const values =
          parts.from === null ? parts.to : parts.to === null ? parts.from : `${parts.from} → ${parts.to}`;
        return (
          <List.Item key={field}>
            <Text span size="sm" fw={500}>
              {parts.label}
            </Text>
            <Text span size="sm">{` : ${values}`}</Text>
          </List.Item>
        );
      })}
    </List>
  );
}
