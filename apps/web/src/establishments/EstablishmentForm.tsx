import { SimpleGrid, Text } from '@mantine/core';
import {
  type EstablishmentDetail,
  type EstablishmentPayload,
  type EstablishmentPayloadInput,
  establishmentPayloadSchema,
  establishmentTypeInfo,
  establishmentTypesByRank,
  gridRowLabel,
  isHostEditable,
  natureSuggestions,
} from '@sejour/domain';
import type { ReactNode } from 'react';
import {
  DateField,
  Form,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useFormValue,
  useKitForm,
  useNatureChoice,
} from '../ui';
import { useProviderSuggestions } from './providerSuggestions';
import { useEstablishmentsTexts } from './texts';

export function establishmentFormValues(e?: EstablishmentDetail, userId?: number): EstablishmentPayloadInput {
  return {
    name: e?.name ?? '',
    capacityMaxRoom: e?.capacityMaxRoom ?? null,
    capacityMaxPerson: e?.capacityMaxPerson ?? null,
    address: e?.address ?? '',
    city: e?.city ?? '',
    cp: e?.cp ?? '',
    type: e?.type ?? '',
    nature: e?.nature ?? '',
    // A select's values are text.
    stars: e?.stars == null ? '' : String(e.stars),
    classifiedOn: e?.classifiedOn ?? '',
    typePrecision: e?.typePrecision ?? '',
    description: e?.description ?? '',
    numero: e?.numero ?? '',
    // Left empty, a new establishment opens the day it is created (the server's rule, said by the hint).
    openingDate: e?.openingDate ?? '',
    // The select's values are the ids as text: a number would match no suggestion and show empty.
    userId: String(e?.userId ?? userId ?? ''),
  };
}

/**
 * Every field of an establishment with the API's own rules. A host sees them all but may change only the
 * description (`HOST_EDITABLE_FIELDS`); the others are read-only, as the server enforces.
 */
export function EstablishmentForm(props: {
  establishment?: EstablishmentDetail;
  /** The owner to preselect for a new establishment. */
  userId?: number;
  asAdmin: boolean;
  onSubmit: (values: EstablishmentPayload) => Promise<unknown>;
  actions: ReactNode;
}) {
  const { t } = useEstablishmentsTexts();
  const form = useKitForm<EstablishmentPayloadInput, EstablishmentPayload>({
    schema: establishmentPayloadSchema,
    defaultValues: establishmentFormValues(props.establishment, props.userId),
  });
  const type = useFormValue(form, 'type');
  const { row, starsChoices, classified } = useNatureChoice(form, t('fields.unclassified'));
  const owner = useFormValue(form, 'userId');
  const providers = useProviderSuggestions(owner === undefined ? null : String(owner), props.asAdmin);
  const readOnly = (field: string) => !props.asAdmin && !isHostEditable(field);
  const typeSuggestions = [
    { value: '', text: t('fields.typeUnset') },
    ...establishmentTypesByRank().map((value) => ({ value, text: establishmentTypeInfo[value].label })),
  ];
  const typeHelp =
    typeof type === 'string' && type in establishmentTypeInfo
      ? establishmentTypeInfo[type as keyof typeof establishmentTypeInfo].covers
      : undefined;

  return (
    <Form form={form} onSubmit={props.onSubmit} actions={props.actions} aria-label={t('detail.identity')}>
      {!props.asAdmin && (
        <Text size="sm" c="dimmed">
          {t('detail.readOnlyHint')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextField
          name="name"
          label={t('fields.name')}
          required
          maxLength={200}
          readOnly={readOnly('name')}
        />
        {props.asAdmin ? (
          <SelectField
            name="userId"
            label={t('fields.userId')}
            required
            suggestions={providers.suggestions}
            onSearchChange={providers.onSearchChange}
            onReached={providers.onReached}
            loading={providers.loading}
            visibleItems={8}
          />
        ) : null}
        <SelectField
          name="nature"
          label={t('fields.nature')}
          suggestions={natureSuggestions(t('fields.natureUnset'))}
          searchable={false}
          readOnly={readOnly('nature')}
          visibleItems={11}
        />
        {starsChoices.length > 0 ? (
          <SelectField
            name="stars"
            label={t('fields.stars')}
            suggestions={starsChoices}
            searchable={false}
            readOnly={readOnly('stars')}
          />
        ) : null}
        {classified ? (
          <DateField
            name="classifiedOn"
            label={t('fields.classifiedOn')}
            description={t('fields.classifiedOnHint')}
            readOnly={readOnly('classifiedOn')}
          />
        ) : null}
        {row ? (
          <Text size="sm" aria-live="polite" data-testid="grid-row">
            {t('fields.gridRow', { row: gridRowLabel(row) })}
          </Text>
        ) : (
          // Without a nature (an establishment from before natures), the row is the type as it was picked.
          <SelectField
            name="type"
            label={t('fields.type')}
            suggestions={typeSuggestions}
            searchable={false}
            readOnly={readOnly('type')}
            description={typeHelp}
            visibleItems={10}
          />
        )}
        <TextField
          name="typePrecision"
          label={t('fields.typePrecision')}
          description={t('fields.typePrecisionHint')}
          maxLength={200}
          readOnly={readOnly('typePrecision')}
        />
        <NumberField
          name="capacityMaxRoom"
          label={t('fields.capacityMaxRoom')}
          allowNegative={false}
          allowDecimal={false}
          min={0}
          readOnly={readOnly('capacityMaxRoom')}
        />
        <NumberField
          name="capacityMaxPerson"
          label={t('fields.capacityMaxPerson')}
          allowNegative={false}
          allowDecimal={false}
          min={0}
          readOnly={readOnly('capacityMaxPerson')}
        />
        <TextField
          name="address"
          label={t('fields.address')}
          maxLength={300}
          readOnly={readOnly('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField
            name="cp"
            label={t('fields.cp')}
            mask="99999"
            inputMode="numeric"
            readOnly={readOnly('cp')}
          />
          <TextField name="city" label={t('fields.city')} maxLength={100} readOnly={readOnly('city')} />
        </SimpleGrid>
        <TextField
          name="numero"
          label={t('fields.numero')}
          description={t('fields.numeroHint')}
          maxLength={13}
          readOnly={readOnly('numero')}
        />
        <DateField
          name="openingDate"
          label={t('fields.openingDate')}
          description={t('fields.openingDateHint')}
          readOnly={readOnly('openingDate')}
          clearable={false}
        />
      </SimpleGrid>
      <TextareaField name="description" label={t('fields.description')} maxLength={5000} />
    </Form>
  );
}
