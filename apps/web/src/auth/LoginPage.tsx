import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { type LoginRequest, loginRequestSchema } from '@sejour/domain';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ApiError, api } from '../api/client';
import { session } from '../session/session';
import { LoginCard } from '../ui/login-card/LoginCard';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/home';
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation<string, ApiError, LoginRequest>({
    mutationFn: async (values) => (await api.post<string>('users/login', values)).data,
    onSuccess: (token) => {
      session.setToken(token);
      navigate(from, { replace: true });
    },
  });
  const { errors } = form.formState;

  return (
    <LoginCard
      logo={<img src="/logo.svg" alt="" width={56} height={56} />}
      title={t('login.title')}
      links={
        <Anchor component={Link} to="/ask-reset-password" size="sm">
          {t('login.forgot')}
        </Anchor>
      }
    >
      <Text c="dimmed" ta="center" size="sm" mt={-8}>
        {t('login.welcome')}
      </Text>
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          withAsterisk
          mb="sm"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          mb="md"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {login.error && (
          <Alert color="red" icon={<CircleAlert size={18} />} mb="md" role="alert">
            {login.error.message}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </LoginCard>
  );
}
