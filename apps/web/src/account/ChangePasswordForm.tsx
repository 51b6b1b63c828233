import { Paper, Title } from '@mantine/core';
import { accountApi, changePasswordRequestSchema, passwordField, validationMessages } from '@sejour/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { call } from '../api/client';
import { session } from '../session/session';
import { useSession } from '../session/useSession';
import { Form, PasswordField, SubmitButton, toast, useKitForm } from '../ui';
import { newPasswordField } from '../ui/password-strength/estimator';
import { PasswordStrength } from '../ui/password-strength/PasswordStrength';
import { useAccountTexts } from './texts';

/** The new password follows the password policy, as the server checks it (packages/domain/passwords). */
function formSchemaFor(username: string | undefined) {
  return changePasswordRequestSchema
    .extend({ password: newPasswordField({ username }), confirm: passwordField })
    .refine((v) => v.password === v.confirm, {
      path: ['confirm'],
      error: validationMessages.passwordsDiffer(),
    });
}
type FormValues = z.infer<ReturnType<typeof formSchemaFor>>;

export function ChangePasswordForm() {
  const { t } = useAccountTexts();
  const { user } = useSession();
  const schema = useMemo(() => formSchemaFor(user?.username), [user?.username]);
  const form = useKitForm<FormValues>({
    schema,
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });
  const change = useMutation({
    mutationFn: ({ currentPassword, password }: FormValues) =>
      call(accountApi.changePassword, { body: { currentPassword, password } }),
    onSuccess: (token) => {
      session.setToken(token);
      form.reset();
      toast.success(t('password.saved'));
    },
  });

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="password-title">
      <Title order={2} size="h3" id="password-title" mb="md">
        {t('password.title')}
      </Title>
      <Form
        form={form}
        onSubmit={(values) => change.mutateAsync(values)}
        actions={<SubmitButton>{t('password.submit')}</SubmitButton>}
      >
        <PasswordField
          name="currentPassword"
          label={t('password.current')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          name="password"
          label={t('password.new')}
          autoComplete="new-password"
          required
          meter={(password) => <PasswordStrength password={password} username={user?.username} />}
        />
        <PasswordField name="confirm" label={t('password.confirm')} autoComplete="new-password" required />
      </Form>
    </Paper>
  );
}
