import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type {
  CapacityRule,
  Declaration,
  DeclarationForfait,
  DeliberationTable,
  EstablishmentType,
  ForfaitDeclarationUpdate,
  Period,
} from '@sejour/domain';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { DateField, Form, NumberField, useFormValues, useKitForm } from '../ui';
import { ForfaitAmounts } from './ForfaitAmounts';
import classes from './ForfaitDeclaration.module.css';
import {
  capacityLabel,
  type ForfaitFormValues,
  forfaitFormSchema,
  forfaitFormValuesOf,
  liveForfait,
  storedForfait,
} from './forfait-form';
import { useDeclarationsTexts } from './texts';

/**
 * The opening periods (at least one, inside the collection period) and the capacity in the nature's unit, with
 * the forfait computed as the host types (a draft) or as stored (done).
 */
export function ForfaitForm(props: {
  collection: Period;
  forfait: DeclarationForfait | null;
  rule: CapacityRule;
  type: EstablishmentType | null;
  deliberation: DeliberationTable | null;
  readOnly: boolean;
  /** The declaration as stored: its amounts once done, and the values a save answers. */
  stored: (Declaration & { forfait: DeclarationForfait }) | null;
  onSubmit: (body: ForfaitDeclarationUpdate) => Promise<unknown>;
  actions: ReactNode;
}) {
  const { t } = useDeclarationsTexts();
  const { beginDate, endDate } = props.collection;
  const schema = useMemo(() => forfaitFormSchema({ beginDate, endDate }), [beginDate, endDate]);
  const form = useKitForm<ForfaitFormValues, ForfaitDeclarationUpdate>({
    schema,
    defaultValues: forfaitFormValuesOf(props.forfait),
  });
  // A save answers the stored declaration: the form shows what was stored, and starts clean from it.
  const updatedAt = useRef(props.stored?.updatedAt);
  useEffect(() => {
    if (!props.stored || props.stored.updatedAt === updatedAt.current) return;
    updatedAt.current = props.stored.updatedAt;
    form.reset(forfaitFormValuesOf(props.stored.forfait));
  }, [props.stored, form]);
  const values = useFormValues(form);
  const openings = values.openingPeriods;
  const { stored } = props;
  const lines =
    stored?.done || (stored && !props.deliberation)
      ? storedForfait(stored)
      : liveForfait(values, props.collection, props.rule, props.type, props.deliberation);
  const note = stored?.done
    ? t('forfait.amounts.stored')
    : props.deliberation
      ? t('forfait.amounts.live')
      : t('forfait.amounts.saveToSee');

  const add = () => form.setValue('openingPeriods', [...openings, { from: null, to: null }]);
  const remove = (index: number) =>
    form.setValue(
      'openingPeriods',
      openings.filter((_, i) => i !== index),
    );

  return (
    <div className={classes.layout}>
      <Paper withBorder p="md">
        <Form form={form} onSubmit={props.onSubmit} actions={props.actions} aria-label={t('forfait.title')}>
          <Stack gap="md">
            <Text size="sm">{t('forfait.intro')}</Text>
            <Stack
              gap="xs"
              component="section"
              aria-labelledby="forfait-openings-title"
              className={classes.openings}
            >
              <Title order={2} size="h5" id="forfait-openings-title">
                {t('forfait.openingTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('forfait.openingHelp')}
              </Text>
              {/* No bounds on the dates: a date outside the period is kept and explained, not dropped. */}
              {openings.map((opening, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an opening period is its position in the list
                <div key={index} className={classes.opening} data-opening={index}>
                  <DateField
                    name={`openingPeriods.${index}.from`}
                    label={t('forfait.from', { n: index + 1 })}
                    defaultMonth={beginDate}
                    required={!props.readOnly}
                    readOnly={props.readOnly}
                  />
                  <DateField
                    name={`openingPeriods.${index}.to`}
                    label={t('forfait.to', { n: index + 1 })}
                    defaultMonth={opening.from ?? beginDate}
                    required={!props.readOnly}
                    readOnly={props.readOnly}
                  />
                  {!props.readOnly && openings.length > 1 ? (
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
              {!props.readOnly && (
                <Group>
                  <Button variant="default" leftSection={<Plus size={16} aria-hidden />} onClick={add}>
                    {t('forfait.add')}
                  </Button>
                </Group>
              )}
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="forfait-capacity-title">
              <Title order={2} size="h5" id="forfait-capacity-title">
                {t('forfait.capacityTitle')}
              </Title>
              <div className={classes.capacity}>
                <NumberField
                  name="capacity"
                  label={capacityLabel(props.rule)}
                  description={t('forfait.rule', { rule: props.rule.ruleLabel })}
                  allowNegative={false}
                  allowDecimal={false}
                  min={1}
                  required={!props.readOnly}
                  readOnly={props.readOnly}
                />
              </div>
            </Stack>
          </Stack>
        </Form>
      </Paper>
      <ForfaitAmounts
        lines={lines}
        note={note}
        empty={props.deliberation ? t('forfait.amounts.invalid') : t('forfait.amounts.saveToSee')}
      />
    </div>
  );
}
