import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';
import { IdentityForm } from './IdentityForm';

export function AccountPage() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <IdentityForm />
        <ChangePasswordForm />
      </SimpleGrid>
    </Stack>
  );
}
