import { SimpleGrid, Stack, Title } from '@mantine/core';
import { ChangePasswordForm } from './ChangePasswordForm';
import { IdentityForm } from './IdentityForm';
import { useAccountTexts } from './texts';

export function AccountPage() {
  const { t } = useAccountTexts();
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
