import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type AuditEntity,
  type AuditEntry,
  auditActionLabels,
  auditEntityLabels,
  type ListMeta,
} from '@sejour/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useAfterFirstPaint } from '../after-paint';
import { formatDateTime } from '../format';
import { AuditChanges } from './AuditChanges';

const PAGE = 10;

export interface AuditHistoryProps {
  /** The query key (under the feature's key, so that its changes refresh the history). */
  queryKey: readonly unknown[];
  /** One page of the history, newest first; the feature calls its route (the kit knows no API). */
  fetchPage: (
    page: { limit: number; offset: number },
    signal?: AbortSignal,
  ) => Promise<{ data: AuditEntry[]; meta: ListMeta }>;
  /**
   * Whose history it is. An entry about something else it holds (an establishment's declarations and the
   * stays of its register) says what: "Séjour — Gîte du Lac — séjour du 10/06/2026 au 13/06/2026".
   */
  entity?: AuditEntity;
}

/** Who did what, when: an entity's history (a declaration's, an establishment's), ten entries a page. */
export function AuditHistory(props: AuditHistoryProps) {
  const { t } = useTranslation('ui');
  const [offset, setOffset] = useState(0);
  // Below what the screen shows first: read once that is painted.
  const painted = useAfterFirstPaint();
  const query = useQuery({
    enabled: painted,
    queryKey: [...props.queryKey, offset],
    queryFn: ({ signal }) => props.fetchPage({ limit: PAGE, offset }, signal),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.total ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="audit-history-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="audit-history-title">
          {t('history.title')}
        </Title>
        {query.error ? (
          <Text c="var(--mantine-color-error)">{query.error.message}</Text>
        ) : query.data && query.data.data.length === 0 ? (
          <Text c="dimmed">{t('history.none')}</Text>
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(query.data?.data ?? []).map((entry) => (
              <li key={entry.id} data-testid="audit-entry">
                <Text size="sm">
                  <Text span fw={600}>
                    {auditActionLabels[entry.action]}
                  </Text>
                  {props.entity && entry.entity !== props.entity
                    ? ` — ${[auditEntityLabels[entry.entity], entry.entityLabel].filter(Boolean).join(' — ')}`
                    : null}
                  {` — ${formatDateTime(entry.at)} — ${
                    entry.actorName ??
                    (entry.actorRole === 'host' ? t('history.host') : t('history.administration'))
                  }`}
                  {entry.ip ? <Text span c="dimmed">{` (${entry.ip})`}</Text> : null}
                </Text>
                <AuditChanges changes={entry.changes} action={entry.action} />
              </li>
            ))}
          </Stack>
        )}
        {total > PAGE && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              {t('history.newer')}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
            >
              {t('history.older')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('history.range', { from: offset + 1, to: Math.min(offset + PAGE, total), total })}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
