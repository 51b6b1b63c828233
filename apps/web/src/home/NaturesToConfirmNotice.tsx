import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useNaturesToConfirmCount } from './api';
import { useHomeTexts } from './texts';

/** The admins' reminder, while any establishment kept from before natures waits for its nature. */
export function NaturesToConfirmNotice() {
  const { t } = useHomeTexts();
  const count = useNaturesToConfirmCount();
  if (!count.data) return null;
  return (
    <Alert color="yellow" title={t('naturesToConfirm.title')}>
      {t('naturesToConfirm.text', { count: count.data })}{' '}
      <Anchor component={Link} to="/establishments/natures" c="inherit" underline="always" fw={600}>
        {t('naturesToConfirm.link')}
      </Anchor>
    </Alert>
  );
}
