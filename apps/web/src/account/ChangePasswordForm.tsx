import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, PasswordInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changePasswordRequestSchema, passwordField, validationMessages } from '@sejour/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../api/client';
import { applyServerErrors } from '../api/form-errors';
import { session } from '../session/session';

const formSchema = changePasswordRequestSchema
  .extend({ confirm: passwordField })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: validationMessages.passwordsDiffer(),
  });
type FormValues = z.infer<typeof formSchema>;

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });
  const change = useMutation({
    mutationFn: async ({ currentPassword, password }: FormValues) =>
      (await api.put<string>('users/change-password', { currentPassword, password })).data,
    onSuccess: (token) => {
      session.setToken(token);
      form.reset();
      setFormError(null);
      notifications.show({ color: 'green', message: t('password.saved') });
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError)),
  });
  const { errors } = form.formState;

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="password-title">
      <Title order={2} size="h3" id="password-title" mb="md">
        {t('password.title')}
      </Title>
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          withAsterisk
          mb="sm"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          withAsterisk
          mb="sm"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          withAsterisk
          mb="md"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        {formError && (
          <Alert color="red" mb="md" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </form>
    </Paper>
  );
}
