import { Button, Group, Stack } from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { TextField } from '../ui/fields/TextField';
import { useFormEngine } from '../ui/form/engine';
import type { PricingFormValues } from './form';
import classes from './Pricings.module.css';
import { usePricingsTexts } from './texts';

interface Props {
  periods: PricingFormValues['collectionPeriods'];
  readOnly: boolean;
}

/** A day of the year as typed: jj/mm. */
const DAY_OF_YEAR = '99/99';

/**
 * The collection periods: one line per period, from a day to a day of the year (a season over the new year is
 * two periods). A new line proposes the whole year's end; the last period cannot be removed (a deliberation
 * collects on at least one).
 */
export function PeriodsEditor({ periods, readOnly }: Props) {
  const { t } = usePricingsTexts();
  const { form } = useFormEngine();
  const add = () => form.setValue('collectionPeriods', [...periods, { from: '', to: '' }]);
  const remove = (index: number) =>
    form.setValue(
      'collectionPeriods',
      periods.filter((_, i) => i !== index),
    );
  return (
    <Stack gap="xs">
      {periods.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a period is its position in the list
        <div key={index} className={classes.period} data-period={index}>
          <TextField
            name={`collectionPeriods.${index}.from`}
            label={t('periods.from', { n: index + 1 })}
            placeholder="jj/mm"
            mask={DAY_OF_YEAR}
            keepMask
            inputMode="numeric"
            required={!readOnly}
            readOnly={readOnly}
          />
          <TextField
            name={`collectionPeriods.${index}.to`}
            label={t('periods.to', { n: index + 1 })}
            placeholder="jj/mm"
            mask={DAY_OF_YEAR}
            keepMask
            inputMode="numeric"
            required={!readOnly}
            readOnly={readOnly}
          />
          {!readOnly && periods.length > 1 && (
            <Button
              variant="subtle"
              color="red"
              className={classes.periodRemove}
              leftSection={<Trash2 size={16} aria-hidden />}
              onClick={() => remove(index)}
            >
              {t('periods.remove', { n: index + 1 })}
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Group>
          <Button variant="default" leftSection={<Plus size={16} aria-hidden />} onClick={add}>
            {t('periods.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
