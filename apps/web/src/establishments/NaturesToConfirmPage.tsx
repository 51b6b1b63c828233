import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { establishmentTypeInfo, type NatureToConfirm } from '@sejour/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader, SelectField, toast } from '../ui';
import { useConfirmNature, useNaturesToConfirm } from './api';
import { useEstablishmentsTexts } from './texts';

const ownerName = (e: NatureToConfirm) =>
  e.owner.company || [e.owner.firstname, e.owner.lastname].filter(Boolean).join(' ') || e.owner.username;

/** A reading's value in its select: the nature, and its stars when it has some. */
const readingValue = (r: { nature: string; stars: number | null }) => `${r.nature}:${r.stars ?? ''}`;

function ConfirmRow({ establishment }: { establishment: NatureToConfirm }) {
  const { t } = useEstablishmentsTexts();
  const confirm = useConfirmNature();
  const [chosen, setChosen] = useState<string | null>(null);
  const reading = establishment.readings.find((r) => readingValue(r) === chosen);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/establishments/${establishment.id}`}>
          {establishment.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{ownerName(establishment)}</Table.Td>
      <Table.Td>{establishmentTypeInfo[establishment.type].label}</Table.Td>
      <Table.Td>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <SelectField
            name={`reading-${establishment.id}`}
            label={t('natures.readingOf', { name: establishment.name })}
            suggestions={establishment.readings.map((r) => ({ value: readingValue(r), text: r.label }))}
            searchable={false}
            value={chosen}
            onValueChange={setChosen}
            visibleItems={8}
          />
          <Button
            disabled={!reading}
            loading={confirm.isPending}
            onClick={async () => {
              if (!reading) return;
              try {
                await confirm.mutateAsync({
                  id: establishment.id,
                  value: { nature: reading.nature, stars: reading.stars },
                });
                toast.success(t('natures.confirmed', { name: establishment.name }));
              } catch (error) {
                toast.error(error instanceof Error ? error.message : String(error));
              }
            }}
          >
            {t('natures.confirm')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * `establishments/natures` (admins): the establishments kept from before natures, each with the natures its
 * row may stand for; confirming one writes it without changing the row.
 */
export function NaturesToConfirmPage() {
  const { t } = useEstablishmentsTexts();
  const list = useNaturesToConfirm();
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('natures.title')}</Title>
        <Text c="dimmed">{t('natures.subtitle')}</Text>
      </div>
      {list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.data.length === 0 ? (
        <Text>{t('natures.empty')}</Text>
      ) : (
        <>
          {(list.data.meta.total ?? 0) > list.data.data.length && (
            <Text size="sm">
              {t('natures.firstOf', { shown: list.data.data.length, total: list.data.meta.total })}
            </Text>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t('natures.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('natures.name')}</Table.Th>
                  <Table.Th>{t('natures.owner')}</Table.Th>
                  <Table.Th>{t('natures.type')}</Table.Th>
                  <Table.Th>{t('natures.reading')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((establishment) => (
                  <ConfirmRow key={establishment.id} establishment={establishment} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Anchor component={Link} to="/establishments" size="sm">
        {t('natures.back')}
      </Anchor>
    </Stack>
  );
}
