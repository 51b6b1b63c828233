import { Paper, Stack, Text, Title } from '@mantine/core';
import { changeRequestsApi, type ProviderChangeRequestInput, type User } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';
import { ChangeRequestList } from '../ui/requests/ChangeRequestList';
import { ProviderChangeRequestForm } from './ProviderChangeRequestForm';
import { useAccountTexts } from './texts';

const requestsKey = ['change-requests', 'account'] as const;

/** A host's company name and SIRET: « Demander une modification », and their requests with their status. */
export function ProviderChangeRequests({ user }: { user: User }) {
  const { t } = useAccountTexts();
  const queryClient = useQueryClient();
  const requests = useQuery({
    queryKey: requestsKey,
    queryFn: ({ signal }) =>
      callList(changeRequestsApi.list, {
        query: { userId: user.id, providerOnly: 'true', limit: 100 },
        signal,
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: requestsKey });
  const ask = useMutation({
    mutationFn: (body: ProviderChangeRequestInput) => call(changeRequestsApi.askForAccount, { body }),
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => call(changeRequestsApi.withdraw, { params: { id } }),
    onSuccess: refresh,
  });
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="requests-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="requests-title">
          {t('requests.title')}
        </Title>
        <ProviderChangeRequestForm user={user} onAsk={(body) => ask.mutateAsync(body)} />
        <Title order={3} size="h4">
          {t('requests.mine')}
        </Title>
        {requests.error ? (
          <Text c="red">{requests.error.message}</Text>
        ) : (
          <ChangeRequestList
            requests={requests.data?.data ?? []}
            onWithdraw={(id) => withdraw.mutateAsync(id)}
          />
        )}
      </Stack>
    </Paper>
  );
}
