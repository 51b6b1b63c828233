import { SimpleGrid, Text } from '@mantine/core';
import {
  changeRequestKindLabels,
  ESTABLISHMENT_CHANGE_KINDS,
  type EstablishmentChangeKind,
  type EstablishmentChangeRequestInput,
  type EstablishmentChangeRequestPayload,
  type EstablishmentDetail,
  establishmentChangeRequestSchema,
  changeRequestFieldLabels as label,
  natureSuggestions,
} from '@sejour/domain';
import {
  DateField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  toast,
  useFormValue,
  useKitForm,
  useNatureChoice,
} from '../ui';
import { useEstablishmentsTexts } from './texts';

/** No kind chosen at first: the fields show once the host says what to change. */
function defaultsOf(establishment: EstablishmentDetail): EstablishmentChangeRequestInput {
  return {
    kind: '' as EstablishmentChangeKind,
    effectiveOn: '',
    address: establishment.address ?? '',
    cp: establishment.cp ?? '',
    city: establishment.city ?? '',
    capacityMaxRoom: establishment.capacityMaxRoom ?? '',
    capacityMaxPerson: establishment.capacityMaxPerson ?? '',
    nature: establishment.nature ?? '',
    stars: establishment.stars ?? '',
    classifiedOn: establishment.classifiedOn ?? '',
  };
}

/** « Demander une modification » of an establishment: its address, capacity or classification. */
export function EstablishmentChangeRequestForm({
  establishment,
  onAsk,
}: {
  establishment: EstablishmentDetail;
  onAsk: (body: EstablishmentChangeRequestInput) => Promise<unknown>;
}) {
  const { t } = useEstablishmentsTexts();
  const form = useKitForm<EstablishmentChangeRequestInput, EstablishmentChangeRequestPayload>({
    schema: establishmentChangeRequestSchema,
    defaultValues: defaultsOf(establishment),
  });
  const kind = useFormValue(form, 'kind') as EstablishmentChangeKind;
  const { starsChoices, classified } = useNatureChoice(form, t('fields.unclassified'));
  const kinds = ESTABLISHMENT_CHANGE_KINDS.map((value) => ({ value, text: changeRequestKindLabels[value] }));

  return (
    <Form
      form={form}
      aria-label={t('requests.title')}
      onSubmit={async (values) => {
        await onAsk(values as EstablishmentChangeRequestInput);
        toast.success(t('requests.sent'));
        form.reset(defaultsOf(establishment));
      }}
      actions={<SubmitButton>{t('requests.submit')}</SubmitButton>}
    >
      <Text size="sm" c="dimmed">
        {t('requests.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <SelectField name="kind" label={t('requests.kind')} suggestions={kinds} searchable={false} required />
        <DateField
          name="effectiveOn"
          label={t('requests.effectiveOn')}
          description={t('requests.effectiveOnHint')}
        />
        {kind === 'establishment_address' ? (
          <>
            <TextField name="address" label={label.address} maxLength={300} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextField name="cp" label={label.cp} mask="99999" inputMode="numeric" />
              <TextField name="city" label={label.city} maxLength={100} />
            </SimpleGrid>
          </>
        ) : null}
        {kind === 'establishment_capacity' ? (
          <>
            <NumberField
              name="capacityMaxRoom"
              label={label.capacityMaxRoom}
              allowNegative={false}
              allowDecimal={false}
              min={0}
            />
            <NumberField
              name="capacityMaxPerson"
              label={label.capacityMaxPerson}
              allowNegative={false}
              allowDecimal={false}
              min={0}
            />
          </>
        ) : null}
        {kind === 'establishment_classification' ? (
          <>
            <SelectField
              name="nature"
              label={label.nature}
              suggestions={natureSuggestions(t('fields.natureUnset'))}
              searchable={false}
              required
              visibleItems={11}
            />
            {starsChoices.length > 0 ? (
              <SelectField name="stars" label={label.stars} suggestions={starsChoices} searchable={false} />
            ) : null}
            {classified ? <DateField name="classifiedOn" label={label.classifiedOn} /> : null}
          </>
        ) : null}
      </SimpleGrid>
    </Form>
  );
}
