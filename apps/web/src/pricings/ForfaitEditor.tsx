import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { abatementBandLabel, FORFAIT_NATURES, type Nature, natureInfo } from '@sejour/domain';
import { Plus, Trash2 } from 'lucide-react';
import { CheckboxesField } from '../ui/fields/CheckboxesField';
import { NumberField } from '../ui/fields/NumberField';
import { useFormEngine } from '../ui/form/engine';
import { toHundredths } from '../ui/hundredths';
import type { ForfaitFormValues } from './deliberation-form';
import { TYPED_DECIMALS } from './form';
import classes from './Pricings.module.css';
import { usePricingsTexts } from './texts';

interface Props {
  forfait: ForfaitFormValues;
  readOnly: boolean;
}

const NATURE_OPTIONS = FORFAIT_NATURES.map((nature) => ({ value: nature, text: natureInfo[nature].label }));

/**
 * The natures the deliberation taxes au forfait (ticked; the others au réel) and, once one is, the abatement
 * bands: from N nights of opening in the collection period, that rate. The first band starts at 1 night and
 * stays; a new band starts after the last one. Read only, the same as sentences.
 */
export function ForfaitEditor({ forfait, readOnly }: Props) {
  const { t } = usePricingsTexts();
  const { form } = useFormEngine();
  if (readOnly) return <ForfaitSummary forfait={forfait} />;
  const bands = forfait.abatements;
  const add = () => {
    const last = bands.at(-1)?.fromNights;
    const fromNights = typeof last === 'number' && Number.isInteger(last) ? last + 1 : null;
    form.setValue('forfait.abatements', [...bands, { fromNights, rate: null }]);
  };
  const remove = (index: number) =>
    form.setValue(
      'forfait.abatements',
      bands.filter((_, i) => i !== index),
    );
  return (
    <Stack gap="md" className={classes.forfait}>
      <CheckboxesField
        name="forfait.natures"
        label={t('forfait.natures')}
        description={t('forfait.naturesHelp')}
        options={NATURE_OPTIONS}
      />
      {forfait.natures.length > 0 && (
        <Stack gap="xs" data-testid="forfait-abatements">
          <Title order={3} size="h5">
            {t('forfait.abatementsTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('forfait.abatementsIntro')}
          </Text>
          {bands.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band is its position in the list
            <div key={index} className={classes.band} data-band={index}>
              <NumberField
                name={`forfait.abatements.${index}.fromNights`}
                label={t('forfait.fromNights', { n: index + 1 })}
                allowNegative={false}
                allowDecimal={false}
                // The first band is the one from 1 night: the others follow it.
                readOnly={index === 0}
                required
              />
              <NumberField
                name={`forfait.abatements.${index}.rate`}
                label={t('forfait.rate', { n: index + 1 })}
                allowNegative={false}
                decimals={TYPED_DECIMALS}
                rightSection={<Text size="sm">%</Text>}
                required
              />
              {index > 0 ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<Trash2 size={16} aria-hidden />}
                  onClick={() => remove(index)}
                  aria-label={t('forfait.remove', { n: index + 1 })}
                >
                  {t('forfait.removeShort')}
                </Button>
              ) : (
                <span />
              )}
            </div>
          ))}
          <Group>
            <Button variant="default" leftSection={<Plus size={16} aria-hidden />} onClick={add}>
              {t('forfait.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** Which natures are au forfait and the abatement by nights of opening, or that every nature is au réel. */
function ForfaitSummary({ forfait }: { forfait: ForfaitFormValues }) {
  const { t } = usePricingsTexts();
  const natures = FORFAIT_NATURES.filter((nature: Nature) => forfait.natures.includes(nature));
  if (natures.length === 0) {
    return <Text data-testid="forfait-summary">{t('forfait.allReel')}</Text>;
  }
  return (
    <Stack gap="xs" data-testid="forfait-summary">
      <Text fw={600}>{t('forfait.summary')}</Text>
      <List size="sm">
        {natures.map((nature) => (
          <List.Item key={nature}>{natureInfo[nature].label}</List.Item>
        ))}
      </List>
      <Title order={3} size="h5">
        {t('forfait.abatementsTitle')}
      </Title>
      <List size="sm">
        {forfait.abatements.map(({ fromNights, rate }) => (
          <List.Item key={fromNights}>
            {abatementBandLabel({ fromNights: fromNights ?? 0, rate: toHundredths(rate) ?? 0 })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
