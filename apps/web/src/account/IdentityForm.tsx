import { Paper, Title } from '@mantine/core';
import { accountApi, type UpdateSelfRequest, USERNAME_MAX, updateSelfRequestSchema } from '@sejour/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client';
import { session } from '../session/session';
import { meQueryKey, useMe } from '../session/useMe';
import { Form, SubmitButton, TextField, toast, useKitForm } from '../ui';
import { useAccountTexts } from './texts';

export function IdentityForm() {
  const { t } = useAccountTexts();
  const me = useMe();
  const queryClient = useQueryClient();
  const form = useKitForm<UpdateSelfRequest>({
    schema: updateSelfRequestSchema,
    defaultValues: { username: '', email: '' },
  });

  useEffect(() => {
    if (me.data) form.reset({ username: me.data.username, email: me.data.email });
  }, [me.data, form]);

  const save = useMutation({
    mutationFn: (values: UpdateSelfRequest) => call(accountApi.updateSelf, { body: values }),
    onSuccess: ({ user, token, pendingEmail }) => {
      session.setToken(token);
      queryClient.setQueryData(meQueryKey, user);
      // A new address applies once confirmed: the form shows the current one again.
      form.reset({ username: user.username, email: user.email });
      void queryClient.invalidateQueries({ queryKey: ['account', 'contact'] });
      toast.success(pendingEmail ? t('identity.pending', { email: pendingEmail }) : t('identity.saved'));
    },
  });

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="identity-title">
      <Title order={2} size="h3" id="identity-title" mb="md">
        {t('identity.title')}
      </Title>
      <Form
        form={form}
        onSubmit={(values) => save.mutateAsync(values)}
        actions={<SubmitButton>{t('common:actions.save')}</SubmitButton>}
      >
        <TextField
          name="username"
          label={t('identity.username')}
          autoComplete="username"
          required
          maxLength={USERNAME_MAX}
          disabled={me.isLoading}
        />
        <TextField
          name="email"
          label={t('identity.email')}
          description={t('contact.emailHint')}
          type="email"
          autoComplete="email"
          required
          disabled={me.isLoading}
        />
      </Form>
    </Paper>
  );
}
