import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorCatalogue, periodOneYearLater, yearOfIsoDate } from '@sejour/domain';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../session/useSession';
import { useEnteredBounds, usePricing } from './api';
import { boundsKnown, emptyPricingForm, pricingFormFromTable } from './form';
import { periodDates } from './format';
import { PricingForm } from './PricingForm';
import { PricingStateBadge } from './PricingStateBadge';
import { usePricingsTexts } from './texts';

function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * `pricings/:id` (edit, or read for a host), `pricings/new` (create) and `pricings/new?from=:id` (duplicate for
 * the next year: the source's tariffs, its period one year later).
 */
export function PricingDetailPage() {
  const { t } = usePricingsTexts();
  const { isAdmin } = useSession();
  const params = useParams();
  const [search] = useSearchParams();
  const isNew = params.id === undefined;
  const id = isNew ? null : parseId(params.id);
  const fromId = isNew ? parseId(search.get('from')) : null;
  const pricing = usePricing(id);
  const source = usePricing(fromId);
  const entered = useEnteredBounds();

  const back = (
    <Anchor component={Link} to="/pricings" size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (!isNew && id === null) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert">
          {t('detail.notFound')}
        </Alert>
      </Stack>
    );
  }
  if (isNew && !isAdmin) {
    return (
      <Stack gap="md">
        <Title order={1}>{t('detail.titleNew')}</Title>
        <Alert color="red" role="alert">
          {errorCatalogue.forbidden.message}
        </Alert>
      </Stack>
    );
  }

  const query = isNew ? source : pricing;
  // A duplicate's dates depend on the years entered: wait for them (a failure falls back to the shipped ones).
  if (isNew && entered.isPending) return <Loader role="status" aria-label={t('common:loading')} />;
  if (query.fetchStatus !== 'idle' && query.isPending)
    return <Loader role="status" aria-label={t('common:loading')} />;
  if (query.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      </Stack>
    );
  }

  if (isNew) {
    const from = source.data;
    const next = from ? periodOneYearLater(from) : null;
    // A year whose legal bounds are not in the product could not be saved: its dates are left to choose.
    const nextKnown = next !== null && boundsKnown(next, entered.data ?? []);
    const initial = from
      ? {
          ...pricingFormFromTable(from, next ?? from),
          ...(nextKnown ? {} : { beginDate: null, endDate: null }),
        }
      : emptyPricingForm();
    return (
      <Stack gap="lg">
        {back}
        <div>
          <Title order={1}>{from ? t('detail.titleDuplicate') : t('detail.titleNew')}</Title>
          {from && (
            <Text c="dimmed">{t('detail.duplicateOf', { period: t('period', periodDates(from)) })}</Text>
          )}
          {from && next && !nextKnown && (
            <Text c="dimmed">
              {t('detail.duplicateUnavailable', { year: yearOfIsoDate(next.beginDate) })}
            </Text>
          )}
        </div>
        <PricingForm key={`new-${from?.id ?? ''}`} initial={initial} readOnly={false} />
      </Stack>
    );
  }

  const current = pricing.data;
  if (!current) return null;
  const inUse = current.doneDeclarations ?? 0;
  return (
    <Stack gap="lg">
      {isAdmin && back}
      <div>
        <Title order={1}>{t('detail.title')}</Title>
        <Group gap="sm" mt={4}>
          <Text size="lg">{t('period', periodDates(current))}</Text>
          <PricingStateBadge state={current.state} />
        </Group>
      </div>
      {!isAdmin && <Alert color="gray">{t('detail.readOnly')}</Alert>}
      {inUse > 0 && <Alert color="yellow">{t('detail.inUse', { count: inUse })}</Alert>}
      <PricingForm
        key={`${current.id}`}
        initial={pricingFormFromTable(current)}
        pricing={current}
        readOnly={!isAdmin}
      />
    </Stack>
  );
}
