import { Alert, Anchor, Button, Text } from '@mantine/core';
import { type AskResetPasswordRequest, activationApi, askResetPasswordRequestSchema } from '@sejour/domain';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../api/client';
import { TextField } from '../ui/fields/TextField';
import { useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import { SubmitButton } from '../ui/form/SubmitButton';
import { LoginCard } from '../ui/login-card/LoginCard';
import { useActivationTexts } from './texts';

/**
 * `/ask-reset-password` (public): a username or an e-mail address, then "follow the instructions received
 * by e-mail". The server answers alike whether or not the account exists, and so does this page.
 */
export function AskResetPasswordPage() {
  const { t } = useActivationTexts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useKitForm<AskResetPasswordRequest>({
    defaultValues: { username: '' },
    schema: askResetPasswordRequestSchema,
  });
  const logo = <img src="/logo.svg" alt="" width={56} height={56} />;
  const back = (
    <Anchor component={Link} to="/login" size="sm">
      {t('ask.back')}
    </Anchor>
  );

  if (sentTo !== null) {
    return (
      <LoginCard
        logo={logo}
        title={t('ask.sentTitle')}
        links={back}
        buttons={
          <Button variant="default" onClick={() => setSentTo(null)}>
            {t('ask.again')}
          </Button>
        }
      >
        <Alert color="green" icon={<MailCheck size={18} aria-hidden />} role="status">
          {t('ask.sent', { username: sentTo })}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('ask.spam')}
        </Text>
      </LoginCard>
    );
  }

  return (
    <LoginCard logo={logo} title={t('ask.title')} links={back}>
      <Text c="dimmed" ta="center" size="sm" mt={-8}>
        {t('ask.intro')}
      </Text>
      <Form
        form={form}
        aria-label={t('ask.title')}
        onSubmit={async (values) => {
          await call(activationApi.askResetPassword, { body: values });
          setSentTo(values.username);
        }}
        actions={<SubmitButton fullWidth>{t('ask.submit')}</SubmitButton>}
      >
        <TextField name="username" label={t('ask.username')} required autoComplete="username" />
      </Form>
    </LoginCard>
  );
}
