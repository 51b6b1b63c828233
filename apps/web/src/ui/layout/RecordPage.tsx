import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { NotFoundState } from '../feedback/NotFoundState';
import { PageLoader } from '../feedback/PageLoader';
import { toast } from '../feedback/toast';

/**
 * The id of a `/{records}/{id}` route, or null when it cannot be one (`new`, letters, zero, too long): such a
 * path shows the not-found state without asking the server.
 */
export function recordIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param) || Number(param) === 0) return null;
  return Number(param);
}

/** The link back to a list, above a record's screen. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** What `RecordStates` needs of a query (TanStack Query's `useQuery` result fits). */
export interface RecordQuery<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

/**
 * The states of one record's screen: an id that cannot exist or a record the server does not have (or will
 * not show: `notFound`, which the feature reads from its client's error) shows the not-found state with a
 * way back; loading shows the page loader; another error is said, with the way back; then the record.
 */
export function RecordStates<T>(props: {
  id: number | null;
  query: RecordQuery<T>;
  notFound: boolean;
  backTo: string;
  backLabel: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id, query, backTo, backLabel } = props;
  if (id === null || props.notFound) return <NotFoundState backTo={backTo} backLabel={backLabel} />;
  if (query.isPending) return <PageLoader />;
  if (query.error || query.data === undefined) {
    return (
      <Stack gap="md">
        <BackLink to={backTo} label={backLabel} />
        <Alert color="red" role="alert">
          {query.error?.message ?? t('common:errors.unexpected')}
        </Alert>
      </Stack>
    );
  }
  return props.children(query.data);
}

/**
 * A record's screen: its title (and a line under it), badges of its state, notices, its form in a frame,
 * what follows the form, and the action buttons. `back` puts the way back to the list above the title.
 */
export function RecordLayout(props: {
  title: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
  badgesLabel?: string;
  back?: { to: string; label: string };
  notices?: ReactNode;
  form: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="md">
      {props.back && <BackLink to={props.back.to} label={props.back.label} />}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{props.title}</Title>
          {props.subtitle && (
            <Text c="dimmed" size="sm">
              {props.subtitle}
            </Text>
          )}
        </div>
        {props.badges && (
          <Group gap="xs" aria-label={props.badgesLabel}>
            {props.badges}
          </Group>
        )}
      </Group>
      {props.notices}
      <Paper withBorder p="md">
        {props.form}
      </Paper>
      {props.children}
      {props.actions && (
        <Group gap="sm" wrap="wrap">
          {props.actions}
        </Group>
      )}
    </Stack>
  );
}

/** Runs an action of a record's screen: its success said in a toast, its failure's message too. */
export async function runWithToast(run: () => Promise<unknown>, success: string): Promise<void> {
  try {
    await run();
    toast.success(success);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
  }
}
