import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  type ChangeRequest,
  type ChangeRequestField,
  type ChangeRequestStatus,
  changeRequestFieldLabels,
  changeRequestKindLabels,
  changeRequestStatusLabels,
  changeValueLabel,
  formatDate,
} from '@sejour/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { confirmAction } from '../feedback/confirmDelete';
import { Popup } from '../feedback/Popup';
import { toast } from '../feedback/toast';

const STATUS_COLORS: Record<ChangeRequestStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  refused: 'red',
  withdrawn: 'gray',
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What may be done with a pending request: a host withdraws it, an admin decides it. */
export interface ChangeRequestActions {
  onWithdraw?: (id: number) => Promise<unknown>;
  onAccept?: (id: number) => Promise<unknown>;
  onRefuse?: (id: number, reason: string) => Promise<unknown>;
}

/**
 * Change requests, each with its values (and the ones in place when asked), its status, its dates and,
 * refused, its reason; the actions a screen passes show on the pending ones.
 */
export function ChangeRequestList(
  props: {
    requests: readonly ChangeRequest[];
    /** Names the establishment or provider of each (a list of many). */
    showTarget?: boolean;
  } & ChangeRequestActions,
) {
  const { t } = useTranslation('ui');
  if (props.requests.length === 0) return <Text c="dimmed">{t('changeRequests.none')}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {props.requests.map((request) => (
        <Paper component="li" withBorder p="sm" key={request.id} data-testid="change-request">
          <ChangeRequestItem {...props} request={request} />
        </Paper>
      ))}
    </Stack>
  );
}

function ChangeRequestItem(props: { request: ChangeRequest; showTarget?: boolean } & ChangeRequestActions) {
  const { t } = useTranslation('ui');
  const { request } = props;
  const [refusing, setRefusing] = useState(false);
  const pending = request.status === 'pending';
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const { onWithdraw, onAccept, onRefuse } = props;

  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start">
        <Text fw={600}>
          {changeRequestKindLabels[request.kind]}
          {props.showTarget ? (
            <>
              {' — '}
              {request.establishmentId ? (
                <Link to={`/establishments/${request.establishmentId}`}>{request.establishmentName}</Link>
              ) : (
                t('changeRequests.account')
              )}
              {` (${request.providerName})`}
            </>
          ) : null}
        </Text>
        <Badge color={STATUS_COLORS[request.status]} variant="light">
          {changeRequestStatusLabels[request.status]}
        </Badge>
      </Group>
      {Object.entries(request.values).map(([field, value]) => (
        <Text size="sm" key={field}>
          <Text span fw={500}>
            {changeRequestFieldLabels[field as ChangeRequestField] ?? field} :
          </Text>{' '}
          {changeValueLabel(field, value, request.values)}{' '}
          <Text span c="dimmed" size="xs">
            (
            {t('changeRequests.from', {
              value: changeValueLabel(field, request.previous[field] ?? null, request.previous),
            })}
            )
          </Text>
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {t('changeRequests.askedOn', { date: formatDate(request.createDate) })} ·{' '}
        {t('changeRequests.effectiveOn', { date: formatDate(request.effectiveOn) })}
        {request.status === 'accepted'
          ? ` · ${
              request.appliedAt
                ? t('changeRequests.appliedOn', { date: formatDate(request.appliedAt) })
                : t('changeRequests.toApply')
            }`
          : ''}
      </Text>
      {request.status === 'refused' && request.reason ? (
        <Text size="sm" c="red.8" data-testid="refusal-reason">
          {t('changeRequests.reason', { reason: request.reason })}
        </Text>
      ) : null}
      {pending && (onWithdraw || onAccept || onRefuse) ? (
        <Group>
          {onWithdraw ? (
            <Button
              size="xs"
              variant="default"
              onClick={async () => {
                const confirmed = await confirmAction({
                  title: t('changeRequests.withdrawTitle'),
                  text: t('changeRequests.withdrawText'),
                  confirmLabel: t('changeRequests.withdraw'),
                });
                if (confirmed) await run(() => onWithdraw(request.id), t('changeRequests.withdrawn'));
              }}
            >
              {t('changeRequests.withdraw')}
            </Button>
          ) : null}
          {onAccept ? (
            <Button
              size="xs"
              onClick={async () => {
                const confirmed = await confirmAction({
                  title: t('changeRequests.acceptTitle'),
                  text: t('changeRequests.acceptText', { date: formatDate(request.effectiveOn) }),
                  confirmLabel: t('changeRequests.accept'),
                });
                if (confirmed) await run(() => onAccept(request.id), t('changeRequests.accepted'));
              }}
            >
              {t('changeRequests.accept')}
            </Button>
          ) : null}
          {onRefuse ? (
            <>
              <Button size="xs" color="red" variant="outline" onClick={() => setRefusing(true)}>
                {t('changeRequests.refuse')}
              </Button>
              <RefusePopup
                opened={refusing}
                onClose={() => setRefusing(false)}
                onRefuse={(reason) => onRefuse(request.id, reason)}
              />
            </>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function RefusePopup(props: {
  opened: boolean;
  onClose: () => void;
  onRefuse: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('ui');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await props.onRefuse(reason);
      toast.success(t('changeRequests.refused'));
      props.onClose();
    } catch (failure) {
      const fields = (failure as { errors?: Record<string, string> }).errors;
      setError(fields?.reason ?? errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup
      opened={props.opened}
      onClose={props.onClose}
      title={t('changeRequests.refuseTitle')}
      actions={
        <Button color="red" onClick={submit} loading={busy}>
          {t('changeRequests.confirmRefuse')}
        </Button>
      }
    >
      <Textarea
        label={t('changeRequests.refuseReason')}
        required
        autosize
        minRows={3}
        maxLength={1000}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </Popup>
  );
}
