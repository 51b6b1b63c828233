import { Group, Stack } from '@mantine/core';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_BODY_MAX,
  MESSAGE_TITLE_MAX,
  type Message,
  type MessagePayload,
  type MessagePayloadInput,
  messagePayloadSchema,
} from '@sejour/domain';
import { useEffect } from 'react';
import {
  DateField,
  Form,
  Popup,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  toast,
  useKitForm,
} from '../ui';
import { useMessageMutations } from './api';
import { useHomeTexts } from './texts';

/** Writes a new message or edits one (admins). */
export function MessageEditor({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useHomeTexts();
  const { create, update } = useMessageMutations();
  const form = useKitForm<MessagePayloadInput, MessagePayload>({
    schema: messagePayloadSchema,
    defaultValues: {
      title: message?.title ?? '',
      body: message?.body ?? '',
      audience: message?.audience ?? 'everyone',
      publishAt: message?.publishAt ?? '',
      expiresAt: message?.expiresAt ?? '',
    },
  });
  useEffect(() => form.focus('title'), [form]);
  const audiences = MESSAGE_AUDIENCES.map((value) => ({ value, text: t(`messages.audience.${value}`) }));

  async function save(values: MessagePayload) {
    if (message) await update.mutateAsync({ id: message.id, body: values });
    else await create.mutateAsync(values);
    toast.success(t('messages.saved'));
    onClose();
  }

  return (
    <Popup
      opened
      onClose={onClose}
      title={message ? t('messages.editTitle') : t('messages.createTitle')}
      size="lg"
    >
      <Form form={form} onSubmit={save} actions={<SubmitButton>{t('common:actions.save')}</SubmitButton>}>
        <Stack>
          <TextField name="title" label={t('messages.fields.title')} required maxLength={MESSAGE_TITLE_MAX} />
          <TextareaField
            name="body"
            label={t('messages.fields.body')}
            description={t('messages.fields.bodyHelp')}
            descriptionBelow
            required
            maxLength={MESSAGE_BODY_MAX}
            minRows={4}
          />
          <SelectField
            name="audience"
            label={t('messages.fields.audience')}
            suggestions={audiences}
            searchable={false}
            required
          />
          <Group grow align="flex-start">
            <DateField
              name="publishAt"
              label={t('messages.fields.publishAt')}
              description={t('messages.fields.publishAtHelp')}
            />
            <DateField
              name="expiresAt"
              label={t('messages.fields.expiresAt')}
              description={t('messages.fields.expiresAtHelp')}
            />
          </Group>
        </Stack>
      </Form>
    </Popup>
  );
}
