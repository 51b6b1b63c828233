import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../../i18n';

/**
 * A screen, or the data it shows, still loading: a centred spinner named for screen readers (a `status`: ARIA
 * names no bare `span`).
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center p="xl">
      <Loader role="status" aria-label={t('common:loading')} />
    </Center>
  );
}
