import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  changeRequestsApi,
  type EstablishmentChangeRequestInput,
  type EstablishmentDetail,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { call, callList } from '../api/client';
import { ChangeRequestList } from '../ui/requests/ChangeRequestList';
import { EstablishmentChangeRequestForm } from './EstablishmentChangeRequestForm';
import { useEstablishmentsTexts } from './texts';

const requestsKey = (id: number) => ['change-requests', 'establishment', id] as const;

/**
 * The establishment's change requests: its host asks (« Demander une modification ») and follows or
 * withdraws theirs; an admin accepts or refuses them here too.
 */
export function ChangeRequestsSection(props: { establishment: EstablishmentDetail; asAdmin: boolean }) {
  const { t } = useEstablishmentsTexts();
  const titleId = useId();
  const { id } = props.establishment;
  const queryClient = useQueryClient();
  const requests = useQuery({
    queryKey: requestsKey(id),
    queryFn: ({ signal }) =>
      callList(changeRequestsApi.list, { query: { establishmentId: id, limit: 100 }, signal }),
  });
  // A decision may change the establishment itself.
  const refresh = () => queryClient.invalidateQueries();
  const ask = useMutation({
    mutationFn: (body: EstablishmentChangeRequestInput) =>
      call(changeRequestsApi.askForEstablishment, { params: { id }, body }),
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (requestId: number) => call(changeRequestsApi.withdraw, { params: { id: requestId } }),
    onSuccess: refresh,
  });
  const accept = useMutation({
    mutationFn: (requestId: number) => call(changeRequestsApi.accept, { params: { id: requestId } }),
    onSuccess: refresh,
  });
  const refuse = useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      call(changeRequestsApi.refuse, { params: { id: requestId }, body: { reason } }),
    onSuccess: refresh,
  });
  const actions = props.asAdmin
    ? {
        onAccept: (requestId: number) => accept.mutateAsync(requestId),
        onRefuse: (requestId: number, reason: string) => refuse.mutateAsync({ requestId, reason }),
      }
    : { onWithdraw: (requestId: number) => withdraw.mutateAsync(requestId) };

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {props.asAdmin ? t('requests.adminTitle') : t('requests.title')}
        </Title>
        {props.asAdmin ? null : (
          <>
            <EstablishmentChangeRequestForm
              establishment={props.establishment}
              onAsk={(body) => ask.mutateAsync(body)}
            />
            <Title order={3} size="h4">
              {t('requests.mine')}
            </Title>
          </>
        )}
        {requests.error ? (
          <Text c="red">{requests.error.message}</Text>
        ) : (
          <ChangeRequestList requests={requests.data?.data ?? []} {...actions} />
        )}
      </Stack>
    </Paper>
  );
}
