import { SimpleGrid } from '@mantine/core';
import {
  type ProviderPayload,
  type ProviderPayloadInput,
  providerPayloadSchema,
  type User,
} from '@sejour/domain';
import type { ReactNode } from 'react';
import { Form, PhoneField, TextField, useKitForm } from '../ui';
import { useProvidersTexts } from './texts';

export function providerFormValues(user?: User): ProviderPayloadInput {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    company: user?.company ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    city: user?.city ?? '',
    cp: user?.cp ?? '',
  };
}

/** Every field of a provider , with the API's own rules. */
export function ProviderForm(props: {
  user?: User;
  onSubmit: (values: ProviderPayload) => Promise<unknown>;
  actions: ReactNode;
}) {
  const { t } = useProvidersTexts();
  const form = useKitForm<ProviderPayloadInput, ProviderPayload>({
    schema: providerPayloadSchema,
    defaultValues: providerFormValues(props.user),
  });
  return (
    <Form form={form} onSubmit={props.onSubmit} actions={props.actions} aria-label={t('detail.identity')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextField name="lastname" label={t('fields.lastname')} required maxLength={100} autoComplete="off" />
        <TextField
          name="firstname"
          label={t('fields.firstname')}
          required
          maxLength={100}
          autoComplete="off"
        />
        <TextField name="company" label={t('fields.company')} maxLength={200} />
        <TextField name="username" label={t('fields.username')} required maxLength={64} autoComplete="off" />
        <TextField
          name="email"
          label={t('fields.email')}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
        />
        <PhoneField name="phone" label={t('fields.phone')} />
        <TextField name="address" label={t('fields.address')} maxLength={300} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="cp" label={t('fields.cp')} mask="99999" inputMode="numeric" />
          <TextField name="city" label={t('fields.city')} maxLength={100} />
        </SimpleGrid>
      </SimpleGrid>
    </Form>
  );
}
