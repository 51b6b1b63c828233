import { List, Text } from '@mantine/core';
import { type AuditEntry, auditFieldLabel } from '@sejour/domain';
import { useTranslation } from '../../i18n';

function show(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'object') {
    const file = value as { filename?: unknown; size?: unknown };
    if (typeof file.filename === 'string') return `${file.filename} (${String(file.size ?? '?')} o)`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** What an audit entry changed, one line a field: "Nuitées : 3 → 5". */
export function AuditChanges({ changes }: { changes: AuditEntry['changes'] }) {
  const { t } = useTranslation('ui');
  const entries = Object.entries(changes);
  if (entries.length === 0) return null;
  const empty = t('history.empty');
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
      {entries.map(([field, change]) => (
        <List.Item key={field}>
          <Text span size="sm" fw={500}>
            {auditFieldLabel(field)}
          </Text>
          <Text span size="sm">{` : ${show(change.from, empty)} → ${show(change.to, empty)}`}</Text>
        </List.Item>
      ))}
    </List>
  );
}
