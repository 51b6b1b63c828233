import { SimpleGrid, Text } from '@mantine/core';
import {
  changeRequestFieldLabels as label,
  type ProviderChangeRequestInput,
  type ProviderChangeRequestPayload,
  providerChangeRequestSchema,
  type User,
} from '@sejour/domain';
import { DateField, Form, SubmitButton, TextField, toast, useKitForm } from '../ui';
import { useAccountTexts } from './texts';

const defaultsOf = (user: User): ProviderChangeRequestInput => ({
  effectiveOn: '',
  company: user.company ?? '',
  siret: user.siret ?? '',
});

/** « Demander une modification » of one's company name and SIRET. */
export function ProviderChangeRequestForm({
  user,
  onAsk,
}: {
  user: User;
  onAsk: (body: ProviderChangeRequestInput) => Promise<unknown>;
}) {
  const { t } = useAccountTexts();
  const form = useKitForm<ProviderChangeRequestInput, ProviderChangeRequestPayload>({
    schema: providerChangeRequestSchema,
    defaultValues: defaultsOf(user),
  });
  return (
    <Form
      form={form}
      aria-label={t('requests.title')}
      onSubmit={async (values) => {
        await onAsk(values);
        toast.success(t('requests.sent'));
      }}
      actions={<SubmitButton>{t('requests.submit')}</SubmitButton>}
    >
      <Text size="sm" c="dimmed">
        {t('requests.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextField name="company" label={label.company} maxLength={200} />
        <TextField name="siret" label={label.siret} maxLength={17} inputMode="numeric" />
        <DateField
          name="effectiveOn"
          label={t('requests.effectiveOn')}
          description={t('requests.effectiveOnHint')}
        />
      </SimpleGrid>
    </Form>
  );
}
