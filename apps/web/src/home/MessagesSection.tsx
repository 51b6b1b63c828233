import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isMessageCurrent, isoDateIn, type Message } from '@sejour/domain';
import { lazy, Suspense, useState } from 'react';
import { confirmDelete, formatDate, PageLoader, toast } from '../ui';
import { useAllMessages, useCurrentMessages, useMessageMutations } from './api';
import { MessageText } from './MessageText';
import { useHomeTexts } from './texts';

/** The form (and its date pickers) only for the admin who opens it. */
const MessageEditor = lazy(() => import('./MessageEditor').then((m) => ({ default: m.MessageEditor })));

const MESSAGES_ROOM = '10rem';

/**
 * The messages of Home: the current ones of one's audience, newest first. Admins see every message (with
 * its audience and whether it is online, scheduled or expired) and write, edit and delete them.
 */
export function MessagesSection({ admin }: { admin: boolean }) {
  const { t } = useHomeTexts();
  const current = useCurrentMessages(!admin);
  const all = useAllMessages(admin);
  const query = admin ? all : current;
  const [editing, setEditing] = useState<Message | 'new' | null>(null);
  const { remove } = useMessageMutations();

  async function onDelete(message: Message) {
    if (!(await confirmDelete())) return;
    await remove.mutateAsync(message.id);
    toast.success(t('messages.deleted'));
  }

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="messages-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="messages-title">
          {t('messages.title')}
        </Title>
        {admin && (
          <Button size="sm" onClick={() => setEditing('new')}>
            {t('messages.new')}
          </Button>
        )}
      </Group>
      {query.isError ? (
        <Text c="red">{t('loadError')}</Text>
      ) : !query.data ? (
        // The room of a message or two while they load, so what follows does not jump when they come.
        <Box mih={MESSAGES_ROOM}>
          <PageLoader />
        </Box>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('messages.empty')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              admin={admin}
              onEdit={() => setEditing(message)}
              onDelete={() => void onDelete(message)}
            />
          ))}
        </Stack>
      )}
      {admin && editing !== null && (
        <Suspense fallback={null}>
          <MessageEditor message={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}

function MessageItem(props: { message: Message; admin: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useHomeTexts();
  const { message, admin } = props;
  const today = isoDateIn(new Date());
  const status = isMessageCurrent(message, today)
    ? 'current'
    : message.publishAt && message.publishAt > today
      ? 'scheduled'
      : 'expired';
  const published = message.publishAt ?? message.createdAt.slice(0, 10);
  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-labelledby={`message-${message.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={3} size="h4" id={`message-${message.id}`} style={{ overflowWrap: 'anywhere' }}>
            {message.title}
          </Title>
          {admin && (
            <Group gap={6}>
              <Badge variant="light" color="gray">
                {t(`messages.audience.${message.audience}`)}
              </Badge>
              <Badge
                variant="light"
                color={status === 'current' ? 'green' : status === 'scheduled' ? 'blue' : 'gray'}
              >
                {t(`messages.status.${status}`)}
              </Badge>
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('messages.publishedOn', { date: formatDate(published) })}
          {message.authorName ? ` ${t('messages.by', { name: message.authorName })}` : ''}
          {admin && message.expiresAt
            ? ` · ${t('messages.until', { date: formatDate(message.expiresAt) })}`
            : ''}
        </Text>
        <MessageText body={message.body} />
        {admin && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={props.onEdit}
              aria-describedby={`message-${message.id}`}
            >
              {t('messages.edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={props.onDelete}
              aria-describedby={`message-${message.id}`}
            >
              {t('messages.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
