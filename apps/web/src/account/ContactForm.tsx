import { Alert, Paper, SimpleGrid, Title } from '@mantine/core';
import {
  accountApi,
  type ContactRequest,
  type ContactRequestInput,
  contactRequestSchema,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client';
import { meQueryKey } from '../session/useMe';
import { Form, PhoneField, SubmitButton, TextField, toast, useKitForm } from '../ui';
import { useAccountTexts } from './texts';

const contactKey = ['account', 'contact'] as const;

/**
 * One's own phone and postal address (the e-mail address is changed in the identity form, with the same
 * confirmation); the new address waiting for its confirmation is shown here.
 */
export function ContactForm() {
  const { t } = useAccountTexts();
  const queryClient = useQueryClient();
  const contact = useQuery({ queryKey: contactKey, queryFn: () => call(accountApi.contact) });
  const form = useKitForm<ContactRequestInput, ContactRequest>({
    schema: contactRequestSchema,
    defaultValues: { email: '', phone: '', address: '', cp: '', city: '' },
  });
  useEffect(() => {
    const user = contact.data?.user;
    if (user)
      form.reset({
        email: user.email,
        phone: user.phone ?? '',
        address: user.address ?? '',
        cp: user.cp ?? '',
        city: user.city ?? '',
      });
  }, [contact.data, form]);

  const save = useMutation({
    mutationFn: (values: ContactRequest) => call(accountApi.updateContact, { body: values }),
    onSuccess: (data) => {
      queryClient.setQueryData(contactKey, data);
      queryClient.setQueryData(meQueryKey, data.user);
      toast.success(
        data.pendingEmail ? t('contact.pending', { email: data.pendingEmail }) : t('contact.saved'),
      );
    },
  });
  const pendingEmail = contact.data?.pendingEmail;

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="contact-title">
      <Title order={2} size="h3" id="contact-title" mb="md">
        {t('contact.title')}
      </Title>
      {pendingEmail ? (
        <Alert color="blue" mb="md" data-testid="pending-email">
          {t('contact.pending', { email: pendingEmail })}
        </Alert>
      ) : null}
      <Form
        form={form}
        onSubmit={(values) => save.mutateAsync(values)}
        actions={<SubmitButton>{t('common:actions.save')}</SubmitButton>}
      >
        <PhoneField name="phone" label={t('contact.phone')} />
        <TextField
          name="address"
          label={t('contact.address')}
          maxLength={300}
          autoComplete="street-address"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="cp" label={t('contact.cp')} mask="99999" inputMode="numeric" />
          <TextField name="city" label={t('contact.city')} maxLength={100} />
        </SimpleGrid>
      </Form>
    </Paper>
  );
}
