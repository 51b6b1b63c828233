import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center p="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
