import { Group, SimpleGrid } from '@mantine/core';
import {
  EXEMPTION_REASON_LABELS,
  EXEMPTION_REASONS,
  type RegisterStay,
  type StayInput,
  stayInputSchema,
} from '@sejour/domain';
import { z } from 'zod';
import {
  CheckboxField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  useFormValue,
  useKitForm,
} from '../ui';
import { DateField } from '../ui/fields/DateField';
import { fromHundredths, toHundredths } from '../ui/hundredths';
import { useRegisterTexts } from './texts';

interface StayFormValues {
  arrival: string | null;
  departure: string | null;
  persons: number | null;
  exempted: number | null;
  exemptionReason: string | null;
  price: number | null;
  platform: boolean;
  reference: string;
}

/** Euros typed with two decimals become cents; an empty count is zero exempted persons. */
const formSchema = z.preprocess((input) => {
  const v = input as StayFormValues;
  return {
    ...v,
    exempted: v.exempted ?? 0,
    exemptionReason: v.exemptionReason || null,
    price: toHundredths(v.price) ?? null,
  };
}, stayInputSchema) as unknown as z.ZodType<StayInput, StayFormValues>;

function valuesOf(stay: RegisterStay | null): StayFormValues {
  return {
    arrival: stay?.arrival ?? null,
    departure: stay?.departure ?? null,
    persons: stay?.persons ?? null,
    exempted: stay?.exempted ?? 0,
    exemptionReason: stay?.exemptionReason ?? null,
    price: stay ? fromHundredths(stay.price) : null,
    platform: stay?.platform ?? false,
    reference: stay?.reference ?? '',
  };
}

/** A stay of the register, new or changed. */
export function StayForm(props: {
  stay: RegisterStay | null;
  onSubmit: (values: StayInput) => Promise<unknown>;
  onCancel: () => void;
  /** A day of the month the register shows: the arrival's calendar opens there. */
  defaultMonth?: string;
}) {
  const { t } = useRegisterTexts();
  const form = useKitForm<StayFormValues, StayInput>({
    schema: formSchema,
    defaultValues: valuesOf(props.stay),
  });
  const arrival = useFormValue(form, 'arrival');
  return (
    <Form
      form={form}
      onSubmit={props.onSubmit}
      aria-label={t(props.stay ? 'form.titleEdit' : 'form.titleNew')}
      actions={
        <Group justify="flex-end">
          <SubmitButton>{t('form.save')}</SubmitButton>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField name="arrival" label={t('form.arrival')} required defaultMonth={props.defaultMonth} />
        <DateField
          name="departure"
          label={t('form.departure')}
          required
          defaultMonth={arrival || props.defaultMonth}
        />
        <NumberField
          name="persons"
          label={t('form.persons')}
          required
          allowDecimal={false}
          allowNegative={false}
          min={1}
        />
        <NumberField
          name="exempted"
          label={t('form.exempted')}
          allowDecimal={false}
          allowNegative={false}
          min={0}
        />
        <SelectField
          name="exemptionReason"
          label={t('form.reason')}
          searchable={false}
          suggestions={EXEMPTION_REASONS.map((value) => ({ value, text: EXEMPTION_REASON_LABELS[value] }))}
        />
        <NumberField
          name="price"
          label={t('form.price')}
          description={t('form.priceHelp')}
          required
          decimals={2}
          allowNegative={false}
          min={0}
        />
        <TextField name="reference" label={t('form.reference')} maxLength={100} />
      </SimpleGrid>
      <CheckboxField name="platform" label={t('form.platform')} />
    </Form>
  );
}
