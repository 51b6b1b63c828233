import { Text, TextInput } from '@mantine/core';
import {
  activationApi,
  type LinkPurpose,
  type NewPasswordForm,
  newPasswordFormSchema,
  PASSWORD_MAX,
} from '@sejour/domain';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, call } from '../api/client';
import { session } from '../session/session';
import { tokenFromSearch } from '../session/token-param';
import { toast } from '../ui/feedback/toast';
import { PasswordField } from '../ui/fields/PasswordField';
import { useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import { SubmitButton } from '../ui/form/SubmitButton';
import { LoginCard } from '../ui/login-card/LoginCard';
import { newPasswordField } from '../ui/password-strength/estimator';
import { PasswordStrength } from '../ui/password-strength/PasswordStrength';
import { LinkProblem } from './LinkProblem';
import { LINK_ERROR_CODES, type LinkProblemKind, readLinkToken } from './link-token';
import { useActivationTexts } from './texts';

/** The endpoint of each link: it answers a session token. */
const ENDPOINTS = { activate: activationApi.activate, reset: activationApi.resetPassword } satisfies Record<
  LinkPurpose,
  unknown
>;

/**
 * `/activate-account` and `/reset-password`: choose a password twice, with the strength meter; the link's
 * token (stored as the session by the route guard) authorises the call, whose answer is a session token:
 * the user lands on Home, logged in. An expired, used or broken link gets its explanation instead.
 */
export function LinkPasswordPage({ purpose }: { purpose: LinkPurpose }) {
  const { t } = useActivationTexts();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: after success the stored session becomes the new session token.
  const [link] = useState(() => readLinkToken(tokenFromSearch(location.search) ?? session.token(), purpose));
  const [problem, setProblem] = useState<LinkProblemKind | null>(link.ok ? null : link.problem);
  const username = link.ok ? link.username : '';
  const schema = useMemo(() => newPasswordFormSchema(newPasswordField({ username })), [username]);
  const form = useKitForm<NewPasswordForm>({ defaultValues: { password: '', confirm: '' }, schema });

  if (problem || !link.ok) return <LinkProblem purpose={purpose} problem={problem ?? 'invalid'} />;

  const submit = async ({ password }: NewPasswordForm) => {
    try {
      const token = await call(ENDPOINTS[purpose], { params: { id: link.userId }, body: { password } });
      session.setToken(token);
      toast.success(t(`${purpose}.done`));
      void navigate('/home', { replace: true });
    } catch (error) {
      const kind = error instanceof ApiError ? LINK_ERROR_CODES[error.code] : undefined;
      if (!kind) throw error;
      setProblem(kind);
    }
  };

  return (
    <LoginCard logo={<img src="/logo.svg" alt="" width={56} height={56} />} title={t(`${purpose}.title`)}>
      <Text c="dimmed" ta="center" size="sm" mt={-8}>
        {t(`${purpose}.intro`)}
      </Text>
      <Form
        form={form}
        onSubmit={submit}
        aria-label={t(`${purpose}.title`)}
        actions={<SubmitButton fullWidth>{t(`${purpose}.submit`)}</SubmitButton>}
      >
        <TextInput
          label={t('form.username')}
          value={link.username}
          readOnly
          autoComplete="username"
          variant="filled"
        />
        <Text size="sm" c="dimmed">
          {t('form.rules')}
        </Text>
        <PasswordField
          name="password"
          label={t(`${purpose}.password`)}
          required
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          meter={(password) => <PasswordStrength password={password} username={link.username} />}
        />
        <PasswordField
          name="confirm"
          label={t('form.confirm')}
          required
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
      </Form>
    </LoginCard>
  );
}

export function ActivateAccountPage() {
  return <LinkPasswordPage purpose="activate" />;
}

export function ResetPasswordPage() {
  return <LinkPasswordPage purpose="reset" />;
}
