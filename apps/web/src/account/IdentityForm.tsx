import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UpdateSelfRequest, type User, updateSelfRequestSchema } from '@sejour/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { applyServerErrors } from '../api/form-errors';
import { session } from '../session/session';
import { meQueryKey, useMe } from './useMe';

export function IdentityForm() {
  const { t } = useTranslation('account');
  const me = useMe();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpdateSelfRequest>({
    resolver: zodResolver(updateSelfRequestSchema),
    defaultValues: { username: '', email: '' },
  });

  useEffect(() => {
    if (me.data) form.reset({ username: me.data.username, email: me.data.email });
  }, [me.data, form]);

  const save = useMutation({
    mutationFn: async (values: UpdateSelfRequest) =>
      (await api.put<{ user: User; token: string }>('users/update-self', values)).data,
    onSuccess: ({ user, token }) => {
      session.setToken(token);
      queryClient.setQueryData(meQueryKey, user);
      setFormError(null);
      notifications.show({ color: 'green', message: t('identity.saved') });
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError)),
  });
  const { errors } = form.formState;

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="identity-title">
      <Title order={2} size="h3" id="identity-title" mb="md">
        {t('identity.title')}
      </Title>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <TextInput
          label={t('identity.username')}
          autoComplete="username"
          withAsterisk
          mb="sm"
          error={errors.username?.message}
          disabled={me.isLoading}
          {...form.register('username')}
        />
        <TextInput
          label={t('identity.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          mb="md"
          error={errors.email?.message}
          disabled={me.isLoading}
          {...form.register('email')}
        />
        {formError && (
          <Alert color="red" mb="md" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </form>
    </Paper>
  );
}
