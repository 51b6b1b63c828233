import { SimpleGrid, Stack, Title } from '@mantine/core';
import { isAdminRole } from '@sejour/domain';
import { useMe } from '../session/useMe';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ContactForm } from './ContactForm';
import { IdentityForm } from './IdentityForm';
import { ProviderChangeRequests } from './ProviderChangeRequests';
import { useAccountTexts } from './texts';

export function AccountPage() {
  const { t } = useAccountTexts();
  const me = useMe();
  const host = me.data && !isAdminRole(me.data.role) ? me.data : null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <IdentityForm />
        <ChangePasswordForm />
        <ContactForm />
      </SimpleGrid>
      {host ? <ProviderChangeRequests user={host} /> : null}
    </Stack>
  );
}
