import { Alert, Anchor, Text } from '@mantine/core';
import { accountApi } from '@sejour/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/client';
import { LoginCard } from '../ui/login-card/LoginCard';
import { useAccountTexts } from './texts';

/** `/confirm-email?token=…` (public): the link mailed to a new address makes it the account's. */
export function ConfirmEmailPage() {
  const { t } = useAccountTexts();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => call(accountApi.confirmEmail, { body: { token } }) });
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  const logo = <img src="/logo.svg" alt="" width={56} height={56} />;
  const links = (
    <Anchor component={Link} to="/home" size="sm">
      {t('confirmEmail.home')}
    </Anchor>
  );
  return (
    <LoginCard logo={logo} title={t('confirmEmail.title')} links={links}>
      {!token ? (
        <Alert color="red" role="alert">
          {t('confirmEmail.missing')}
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert color="green" role="status">
          {t('confirmEmail.done', { email: confirm.data.email })}
        </Alert>
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {confirm.error.message}
        </Alert>
      ) : (
        <Text c="dimmed">{t('confirmEmail.working')}</Text>
      )}
    </LoginCard>
  );
}
