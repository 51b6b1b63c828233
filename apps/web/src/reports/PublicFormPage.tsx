import { Alert, Anchor, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  establishmentTypeInfo,
  establishmentTypesByRank,
  gridRowLabel,
  natureSuggestions,
  type ReportKind,
  type ReportPayload,
  type ReportPayloadInput,
  reportPayloadSchema,
} from '@sejour/domain';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CheckboxField,
  DateField,
  Form,
  NumberField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextField,
  useFormValue,
  useKitForm,
  useNatureChoice,
} from '../ui';
import { submitReport } from './api';
import { PublicPage } from './PublicPage';
import classes from './PublicPage.module.css';
import { useReportsTexts } from './texts';

function emptyValues(kind: ReportKind): ReportPayloadInput {
  return {
    kind,
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    company: '',
    siret: '',
    companySameAddress: false,
    companyAddress: '',
    companyCp: '',
    companyCity: '',
    name: '',
    address: '',
    cp: '',
    city: '',
    nature: '',
    stars: '',
    classifiedOn: '',
    type: '' as ReportPayloadInput['type'],
    typePrecision: '',
    capacityMaxRoom: null,
    capacityMaxPerson: null,
    numero: '',
    openingDate: '' as string,
    consent: false as true,
    website: '',
  };
}

/** `/public-form` (PublicForm): an individual registers a furnished let or guest rooms, without an account. */
export function PublicForm() {
  return <PublicFormPage kind="individual" />;
}

/** `/public-form-pro` (PublicFormPro): a professional (hotel, campsite, residence…) with company and SIRET. */
export function PublicFormPro() {
  return <PublicFormPage kind="pro" />;
}

function PublicFormPage({ kind }: { kind: ReportKind }) {
  const { t } = useReportsTexts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pro = kind === 'pro';
  const title = t(pro ? 'form.titlePro' : 'form.titleIndividual');
  const links = (
    <>
      <Anchor component={Link} to={pro ? '/public-form' : '/public-form-pro'} size="sm">
        {t(pro ? 'form.toIndividual' : 'form.toPro')}
      </Anchor>
      <Anchor component={Link} to="/simulateur" size="sm">
        {t('form.simulator')}
      </Anchor>
      <Anchor component={Link} to="/login" size="sm">
        {t('form.login')}
      </Anchor>
    </>
  );

  if (sentTo !== null) {
    return (
      <PublicPage title={t('form.sentTitle')} links={links}>
        <Stack gap="md">
          <Alert color="green" icon={<MailCheck size={18} aria-hidden />} role="status">
            {t('form.sent', { email: sentTo })}
          </Alert>
          <Text size="sm">{t('form.sentNext')}</Text>
          <div>
            <Button variant="default" onClick={() => setSentTo(null)}>
              {t('form.again')}
            </Button>
          </div>
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={title} intro={t(pro ? 'form.introPro' : 'form.introIndividual')} links={links}>
      <ReportForm
        kind={kind}
        title={title}
        onSent={(email) => {
          setSentTo(email);
          window.scrollTo(0, 0);
        }}
      />
    </PublicPage>
  );
}

function ReportForm(props: { kind: ReportKind; title: string; onSent: (email: string) => void }) {
  const { t } = useReportsTexts();
  const pro = props.kind === 'pro';
  const form = useKitForm<ReportPayloadInput, ReportPayload>({
    schema: reportPayloadSchema,
    defaultValues: emptyValues(props.kind),
  });
  const type = useFormValue(form, 'type');
  const { row, starsChoices, classified } = useNatureChoice(form, t('form.unclassified'));
  const sameAddress = useFormValue(form, 'companySameAddress');
  const website = useFormValue(form, 'website');
  const typeSuggestions = establishmentTypesByRank().map((value) => ({
    value,
    text: establishmentTypeInfo[value].label,
  }));
  const typeHelp =
    typeof type === 'string' && type in establishmentTypeInfo
      ? establishmentTypeInfo[type as keyof typeof establishmentTypeInfo].covers
      : t('form.typeHint');
  const count = { allowNegative: false, allowDecimal: false, min: 0 };

  return (
    <Form
      form={form}
      aria-label={props.title}
      onSubmit={async (values) => {
        await submitReport(values);
        props.onSent(values.email);
      }}
      actions={<SubmitButton>{t('form.submit')}</SubmitButton>}
    >
      <Group legend={t('form.declarant')}>
        <Stack gap="sm">
          {pro && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <TextField
                name="company"
                label={t('form.company')}
                required
                maxLength={200}
                autoComplete="organization"
              />
              <TextField
                name="siret"
                label={t('form.siret')}
                description={t('form.siretHint')}
                required
                inputMode="numeric"
                maxLength={17}
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextField
              name="firstname"
              label={t('form.firstname')}
              required
              maxLength={100}
              autoComplete="given-name"
            />
            <TextField
              name="lastname"
              label={t('form.lastname')}
              required
              maxLength={100}
              autoComplete="family-name"
            />
            <TextField
              name="email"
              label={t('form.email')}
              description={t('form.emailHint')}
              required
              type="email"
              autoComplete="email"
              maxLength={254}
            />
            <PhoneField name="phone" label={t('form.phone')} />
          </SimpleGrid>
        </Stack>
      </Group>
      {pro && (
        <Group legend={t('form.companyPlace')}>
          <Stack gap="sm">
            <Text size="sm">{t('form.companyPlaceHint')}</Text>
            <CheckboxField name="companySameAddress" label={t('form.companySameAddress')} />
            {sameAddress ? null : (
              <>
                <TextField
                  name="companyAddress"
                  label={t('form.companyAddress')}
                  required
                  maxLength={300}
                  autoComplete="section-company street-address"
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextField
                    name="companyCp"
                    label={t('form.companyCp')}
                    required
                    mask="99999"
                    inputMode="numeric"
                    autoComplete="section-company postal-code"
                  />
                  <TextField
                    name="companyCity"
                    label={t('form.companyCity')}
                    required
                    maxLength={100}
                    autoComplete="section-company address-level2"
                  />
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Group>
      )}
      <Group legend={t('form.accommodation')}>
        <Stack gap="sm">
          <TextField name="name" label={t('form.name')} required maxLength={200} />
          <SelectField
            name="nature"
            label={t('form.nature')}
            description={t('form.natureHint')}
            suggestions={natureSuggestions(t('form.natureUnset'))}
            searchable={false}
            visibleItems={12}
          />
          {starsChoices.length > 0 ? (
            <SelectField name="stars" label={t('form.stars')} suggestions={starsChoices} searchable={false} />
          ) : null}
          {classified ? <DateField name="classifiedOn" label={t('form.classifiedOn')} /> : null}
          {row ? (
            <Text size="sm" aria-live="polite" data-testid="grid-row">
              {t('form.gridRow', { row: gridRowLabel(row) })}
            </Text>
          ) : (
            <SelectField
              name="type"
              label={t('form.type')}
              required
              suggestions={typeSuggestions}
              searchable={false}
              description={typeHelp}
              visibleItems={9}
            />
          )}
          <TextField
            name="typePrecision"
            label={t('form.typePrecision')}
            description={t('form.typePrecisionHint')}
            maxLength={200}
          />
          <TextField
            name="address"
            label={t('form.address')}
            required
            maxLength={300}
            autoComplete="street-address"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextField
              name="cp"
              label={t('form.cp')}
              required
              mask="99999"
              inputMode="numeric"
              autoComplete="postal-code"
            />
            <TextField
              name="city"
              label={t('form.city')}
              required
              maxLength={100}
              autoComplete="address-level2"
            />
            <NumberField name="capacityMaxRoom" label={t('form.capacityMaxRoom')} {...count} />
            <NumberField name="capacityMaxPerson" label={t('form.capacityMaxPerson')} {...count} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextField
              name="numero"
              label={t('form.numero')}
              description={t('form.numeroHint')}
              maxLength={16}
            />
            <DateField name="openingDate" label={t('form.openingDate')} required />
          </SimpleGrid>
          <div className={classes.trap} aria-hidden="true">
            <label>
              {t('form.honeypot')}
              <input
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={website ?? ''}
                onChange={(event) => form.setValue('website', event.currentTarget.value)}
              />
            </label>
          </div>
          <CheckboxField name="consent" label={t('form.consent')} required />
        </Stack>
      </Group>
    </Form>
  );
}

/** A group of fields under its legend (a native fieldset: its legend names the group for screen readers). */
function Group(props: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={classes.group}>
      <Title component="legend" order={2} size="h4" mb="xs">
        {props.legend}
      </Title>
      {props.children}
    </fieldset>
  );
}
