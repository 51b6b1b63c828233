import { Anchor, Text } from '@mantine/core';
import { authApi, type LoginRequest, loginRequestSchema } from '@sejour/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { call } from '../api/client';
import { session } from '../session/session';
import { PasswordField } from '../ui/fields/PasswordField';
import { TextField } from '../ui/fields/TextField';
import { useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import { SubmitButton } from '../ui/form/SubmitButton';
import { LoginCard } from '../ui/login-card/LoginCard';

/** Without an answer by then (offline, server down), the login says so rather than spinning. */
const LOGIN_TIMEOUT_MS = 10_000;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/home';
  const form = useKitForm<LoginRequest>({
    schema: loginRequestSchema,
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: LoginRequest) => call(authApi.login, { body: values, timeoutMs: LOGIN_TIMEOUT_MS }),
    onSuccess: (token) => {
      session.setToken(token);
      navigate(from, { replace: true });
    },
  });

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
      <Form
        form={form}
        onSubmit={(values) => login.mutateAsync(values)}
        actions={<SubmitButton fullWidth>{t('login.submit')}</SubmitButton>}
      >
        <TextField name="username" label={t('login.username')} autoComplete="username" required />
        <PasswordField name="password" label={t('login.password')} autoComplete="current-password" required />
      </Form>
    </LoginCard>
  );
}
