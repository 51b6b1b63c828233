import { SimpleGrid } from '@mantine/core';
import { type AdminPayload, type AdminPayloadInput, adminPayloadSchema, type User } from '@sejour/domain';
import type { ReactNode } from 'react';
import { Form, RadioField, TextField, useKitForm } from '../ui';
import { useAdminsTexts } from './texts';

export function AdminForm(props: {
  user?: User;
  readOnly: boolean;
  onSubmit: (values: AdminPayload) => Promise<unknown>;
  actions?: ReactNode;
}) {
  const { t } = useAdminsTexts();
  const form = useKitForm<AdminPayloadInput, AdminPayload>({
    schema: adminPayloadSchema,
    defaultValues: {
      username: props.user?.username ?? '',
      email: props.user?.email ?? '',
      firstname: props.user?.firstname ?? '',
      lastname: props.user?.lastname ?? '',
      role: props.user?.role === 'superadmin' ? 'superadmin' : 'admin',
    },
  });
  const { readOnly } = props;
  return (
    <Form form={form} onSubmit={props.onSubmit} actions={readOnly ? undefined : props.actions}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextField name="lastname" label={t('fields.lastname')} maxLength={100} readOnly={readOnly} />
        <TextField name="firstname" label={t('fields.firstname')} maxLength={100} readOnly={readOnly} />
        <TextField name="username" label={t('fields.username')} required maxLength={64} readOnly={readOnly} />
        <TextField
          name="email"
          label={t('fields.email')}
          type="email"
          required
          maxLength={254}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <RadioField
        name="role"
        label={t('fields.role')}
        required
        inline
        disabled={readOnly}
        options={[
          { value: 'admin', text: t('roles.admin') },
          { value: 'superadmin', text: t('roles.superadmin') },
        ]}
      />
    </Form>
  );
}
