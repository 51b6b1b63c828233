import { Button, Stack, Text } from '@mantine/core';
import type { LinkPurpose } from '@sejour/domain';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { session } from '../session/session';
import { LoginCard } from '../ui/login-card/LoginCard';
import { isLinkToken, type LinkProblemKind } from './link-token';
import { useActivationTexts } from './texts';

/**
 * An expired, used or broken link: says so plainly and offers a new one. The link's token, stored as the
 * session by the route guard, is of no use any more: it is dropped.
 */
export function LinkProblem(props: { purpose: LinkPurpose; problem: LinkProblemKind }) {
  const { t } = useActivationTexts();
  const { purpose, problem } = props;
  useEffect(() => {
    if (isLinkToken(session.token())) session.clear();
  }, []);

  return (
    <LoginCard
      logo={<img src="/logo.svg" alt="" width={56} height={56} />}
      title={t(`problem.${problem}.title`)}
      buttons={
        <Stack gap="xs">
          <Button component={Link} to="/ask-reset-password">
            {t('problem.askNew')}
          </Button>
          <Button component={Link} to="/login" variant="default">
            {t('problem.login')}
          </Button>
        </Stack>
      }
    >
      <Text>{t(`problem.${problem}.text`)}</Text>
      <Text size="sm" c="dimmed">
        {t(`problem.${purpose}Hint`)}
      </Text>
    </LoginCard>
  );
}
