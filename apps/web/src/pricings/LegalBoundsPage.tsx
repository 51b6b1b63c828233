// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  establishmentTypeInfo,
  formatBasisPoints,
  formatEuros,
  type LegalBoundsPayload,
  type YearBounds,
} from '@sejour/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../session/useSession';
import { Form, NumberField, SubmitButton, toast, useKitForm } from '../ui';
import { useLegalBounds, useLegalBoundsMutations } from './api';
import { type BoundsFormValues, boundsFormSchema, boundsFormValues } from './bounds-form';
import { usePricingsTexts } from './texts';

/**
 * `pricings/limites`: the legal grid of each year, shipped with the product or entered by a superadmin when the
 * State publishes a new one — so a new year never needs a release (decision 0107).
 */
export function LegalBoundsPage() {
  const { t } = usePricingsTexts();
  const bounds = useLegalBounds();
  const { user } = useSession();
  const years = bounds.data ?? [];
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/pricings" size="sm">
        <Group gap={4} component="span">
          <ArrowLeft size={16} aria-hidden />
          {t('legal.back')}
        </Group>
      </Anchor>
      <Title order={1}>{t('legal.title')}</Title>
      <Text c="dimmed">{t('legal.intro')}</Text>
      <Paper withBorder p="md">
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('legal.title')}>
          <Table miw={480} aria-label={t('legal.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('legal.year')}</Table.Th>
                <Table.Th>{t('legal.origin')}</Table.Th>
                <Table.Th>{establishmentTypeInfo.HOTEL_3.label}</Table.Th>
                <Table.Th>{establishmentTypeInfo.NONE.label}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {years.map((entry) => (
                <Table.Tr key={entry.year} data-testid={`bounds-${entry.year}`}>
                  <Table.Td>{entry.year}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={entry.shipped ? 'gray' : 'blue'}>
                      {t(entry.shipped ? 'legal.shipped' : 'legal.entered')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {formatEuros(entry.tariffs.HOTEL_3.min)} – {formatEuros(entry.tariffs.HOTEL_3.max)}
                  </Table.Td>
                  <Table.Td>
                    {formatBasisPoints(entry.noneRate.min)} – {formatBasisPoints(entry.noneRate.max)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Paper>
      {user?.role === 'superadmin' && bounds.data && (
        <NewYear latest={bounds.data.reduce((a, b) => (b.year > a.year ? b : a), bounds.data[0]!)} />
      )}
    </Stack>
  );
}

function NewYear({ latest }: { latest: YearBounds }) {
  const { t } = usePricingsTexts();
  const { create } = useLegalBoundsMutations();
  const form = useKitForm<BoundsFormValues, LegalBoundsPayload>({
    schema: boundsFormSchema,
    defaultValues: boundsFormValues(latest, latest.year + 1),
  });
  const euros = (name: string, label: string) => (
    <NumberField name={name} label={label} required allowNegative={false} decimals={2} min={0} />
  );
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        {t('legal.newTitle')}
      </Title>
      <Form
        form={form}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          toast.success(t('legal.saved', { year: values.year }));
        }}
        actions={<SubmitButton>{t('legal.save')}</SubmitButton>}
      >
        <Stack gap="sm">
          <NumberField
            name="year"
            label={t('legal.year')}
            required
            allowNegative={false}
            allowDecimal={false}
          />
          {CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => (
            <SimpleGrid key={type} cols={{ base: 1, sm: 2 }} spacing="sm">
              {euros(`tariffs.${type}.min`, t('legal.min', { type: establishmentTypeInfo[type].label }))}
              {euros(`tariffs.${type}.max`, t('legal.max', { type: establishmentTypeInfo[type].label }))}
            </SimpleGrid>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {euros('noneRate.min', t('legal.rateMin'))}
            {euros('noneRate.max', t('legal.rateMax'))}
          </SimpleGrid>
        </Stack>
      </Form>
    </Paper>
  );
}
