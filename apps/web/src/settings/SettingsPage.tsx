import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CollectivitySettings,
  type CollectivitySettingsInput,
  collectivitySettingsSchema,
  DUE_DAYS_BOUNDS,
  settingsApi,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { call } from '../api/client';
import {
  Form,
  NumberField,
  PageLoader,
  SubmitButton,
  TextareaField,
  TextField,
  toast,
  useKitForm,
} from '../ui';
import { useSettingsTexts } from './texts';

const settingsKey = ['settings', 'collectivity'] as const;

/** The collectivity's identity and payment terms, edited by admins and printed on every notice. */
export function SettingsPage() {
  const { t } = useSettingsTexts();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: settingsKey, queryFn: () => call(settingsApi.getCollectivity) });
  const form = useKitForm<CollectivitySettingsInput, CollectivitySettings>({
    schema: collectivitySettingsSchema,
    defaultValues: {
      name: '',
      address: '',
      siret: '',
      email: '',
      phone: '',
      paymentInstructions: '',
    },
  });
  useEffect(() => {
    if (current.data) form.reset(current.data);
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: (values: CollectivitySettings) => call(settingsApi.updateCollectivity, { body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The resume screen shows the due date these settings set.
      void queryClient.invalidateQueries({ queryKey: ['resume'] });
      toast.success(t('saved'));
    },
  });

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      {current.isError ? (
        <Alert color="red" title={t('loadError')}>
          {current.error.message}
        </Alert>
      ) : !current.data ? (
        <PageLoader />
      ) : (
        <Form
          form={form}
          onSubmit={(values) => save.mutateAsync(values)}
          actions={<SubmitButton>{t('common:actions.save')}</SubmitButton>}
        >
          <Paper component="section" withBorder p="md" aria-labelledby="settings-collectivity">
            <Title order={2} size="h3" id="settings-collectivity" mb="md">
              {t('collectivity')}
            </Title>
            <Stack>
              <TextField name="name" label={t('fields.name')} required maxLength={200} />
              <TextareaField
                name="address"
                label={t('fields.address')}
                required
                maxLength={500}
                minRows={2}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextField
                  name="siret"
                  label={t('fields.siret')}
                  description={t('fields.siretHelp')}
                  descriptionBelow
                  inputMode="numeric"
                  maxLength={14}
                />
                <TextField name="email" label={t('fields.email')} type="email" autoComplete="off" />
                <TextField name="phone" label={t('fields.phone')} type="tel" maxLength={50} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper component="section" withBorder p="md" aria-labelledby="settings-payment">
            <Title order={2} size="h3" id="settings-payment" mb="md">
              {t('payment')}
            </Title>
            <Stack>
              <NumberField
                name="dueDays"
                label={t('fields.dueDays')}
                description={t('fields.dueDaysHelp')}
                descriptionBelow
                required
                allowNegative={false}
                allowDecimal={false}
                min={DUE_DAYS_BOUNDS.min}
                max={DUE_DAYS_BOUNDS.max}
              />
              <TextareaField
                name="paymentInstructions"
                label={t('fields.paymentInstructions')}
                description={t('fields.paymentInstructionsHelp')}
                descriptionBelow
                required
                maxLength={1000}
              />
            </Stack>
          </Paper>
        </Form>
      )}
      <Anchor component={Link} to="/resume">
        {t('toResume')}
      </Anchor>
    </Stack>
  );
}
