import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CessationPayloadInput,
  type Closure,
  type ClosurePayloadInput,
  cessationPayloadSchema,
  closurePayloadSchema,
  type EstablishmentLifeView,
  frenchDate,
  isoDateIn,
} from '@sejour/domain';
import { useState } from 'react';
import { confirmAction, DateField, Form, SubmitButton, TextField, toast, useKitForm } from '../ui';
import { useEstablishmentLife, useLifeMutations } from './life-api';
import { useLifeTexts } from './life-texts';

interface LifeProps {
  establishmentId: number;
  asAdmin: boolean;
}

/**
 * Closures (a season off, works) and the cessation of an establishment: its host enters them in advance, an
 * admin at any date; only an admin reopens a ceased establishment. The months they empty are not due.
 */
export function EstablishmentLife({ establishmentId, asAdmin }: LifeProps) {
  const { t } = useLifeTexts();
  const life = useEstablishmentLife(establishmentId);
  const today = isoDateIn(new Date());

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby="life-title"
      data-testid="establishment-life"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="life-title">
            {t('life.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {asAdmin ? t('life.introAdmin') : t('life.introHost')}
          </Text>
        </div>
        {life.error && <Text c="red">{life.error.message}</Text>}
        {life.data && (
          <>
            {life.data.cessation && (
              <Ceased establishmentId={establishmentId} life={life.data} asAdmin={asAdmin} />
            )}
            <Closures
              establishmentId={establishmentId}
              closures={life.data.closures}
              asAdmin={asAdmin}
              today={today}
            />
            {!life.data.cessation && (
              <>
                <AddClosure establishmentId={establishmentId} minDate={asAdmin ? undefined : today} />
                <Cessation establishmentId={establishmentId} minDate={asAdmin ? undefined : today} />
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Ceased(props: { establishmentId: number; life: EstablishmentLifeView; asAdmin: boolean }) {
  const { t } = useLifeTexts();
  const { reopen } = useLifeMutations(props.establishmentId);
  const cessation = props.life.cessation;
  if (!cessation) return null;
  return (
    <Alert color="gray" title={t('life.ceasedTitle', { date: frenchDate(cessation.ceasedOn) })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('life.ceasedText', { reason: cessation.reason })}</Text>
        {props.asAdmin && (
          <Button
            size="xs"
            variant="default"
            loading={reopen.isPending}
            onClick={async () => {
              const ok = await confirmAction({
                title: t('life.reopenTitle'),
                text: t('life.reopenText'),
                confirmLabel: t('life.reopen'),
              });
              if (!ok) return;
              await reopen.mutateAsync();
              toast.success(t('life.reopened'));
            }}
          >
            {t('life.reopen')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function Closures(props: { establishmentId: number; closures: Closure[]; asAdmin: boolean; today: string }) {
  const { t } = useLifeTexts();
  const { removeClosure } = useLifeMutations(props.establishmentId);
  if (props.closures.length === 0) return <Text size="sm">{t('life.noClosure')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('life.closures')}>
      {props.closures.map((closure) => {
        const span = { start: frenchDate(closure.startDate), end: frenchDate(closure.endDate) };
        // A host removes a closure still to come; the past is an admin's.
        const removable = props.asAdmin || closure.startDate >= props.today;
        return (
          <Group key={closure.id} component="li" justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>{t('life.closureSpan', span)}</Text>
              <Text size="sm" c="dimmed">
                {closure.reason}
              </Text>
            </div>
            {removable && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('life.removeClosureOf', span)}
                loading={removeClosure.isPending && removeClosure.variables === closure.id}
                onClick={async () => {
                  const ok = await confirmAction({
                    title: t('life.removeClosureTitle'),
                    text: t('life.closureSpan', span),
                    confirmLabel: t('life.removeClosure'),
                  });
                  if (!ok) return;
                  await removeClosure.mutateAsync(closure.id);
                  toast.success(t('life.closureRemoved'));
                }}
              >
                {t('life.removeClosure')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

function AddClosure(props: { establishmentId: number; minDate: string | undefined }) {
  const { t } = useLifeTexts();
  const { addClosure } = useLifeMutations(props.establishmentId);
  const form = useKitForm<ClosurePayloadInput>({
    schema: closurePayloadSchema,
    defaultValues: { startDate: '', endDate: '', reason: '' },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="add-closure-title">
      <Title order={3} size="h4" id="add-closure-title">
        {t('life.addClosure')}
      </Title>
      <Form
        form={form}
        aria-labelledby="add-closure-title"
        onSubmit={async (values) => {
          await addClosure.mutateAsync(values);
          form.reset();
          toast.success(t('life.closureSaved'));
        }}
        actions={<SubmitButton>{t('life.saveClosure')}</SubmitButton>}
      >
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField name="startDate" label={t('life.startDate')} required minDate={props.minDate} />
          <DateField name="endDate" label={t('life.endDate')} required minDate={props.minDate} />
        </Group>
        <TextField name="reason" label={t('life.reason')} description={t('life.reasonHint')} required />
      </Form>
    </Stack>
  );
}

function Cessation(props: { establishmentId: number; minDate: string | undefined }) {
  const { t } = useLifeTexts();
  const [open, setOpen] = useState(false);
  const { cease } = useLifeMutations(props.establishmentId);
  const form = useKitForm<CessationPayloadInput>({
    schema: cessationPayloadSchema,
    defaultValues: { ceasedOn: '', reason: '' },
  });
  if (!open)
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          {t('life.declareCessation')}
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs" component="section" aria-labelledby="cessation-title">
      <Title order={3} size="h4" id="cessation-title">
        {t('life.declareCessation')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('life.cessationHint')}
      </Text>
      <Form
        form={form}
        aria-labelledby="cessation-title"
        onSubmit={async (values) => {
          const ok = await confirmAction({
            title: t('life.cessationConfirmTitle'),
            text: t('life.cessationConfirmText', { date: frenchDate(values.ceasedOn) }),
            confirmLabel: t('life.saveCessation'),
          });
          if (!ok) return;
          await cease.mutateAsync(values);
          toast.success(t('life.cessationSaved'));
        }}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('life.cancel')}
            </Button>
            <SubmitButton color="red">{t('life.saveCessation')}</SubmitButton>
          </Group>
        }
      >
        <DateField
          name="ceasedOn"
          label={t('life.ceasedOn')}
          description={t('life.ceasedOnHint')}
          required
          minDate={props.minDate}
        />
        <TextField name="reason" label={t('life.reason')} required />
      </Form>
    </Stack>
  );
}
