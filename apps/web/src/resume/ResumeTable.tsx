// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import {
  type ComponentKind,
  type ComponentTotals,
  componentInfo,
  formatEuros,
  formatInteger,
  type Month,
  monthName,
  type Resume,
  type ResumeAmounts,
} from '@sejour/domain';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { CardCell, CardsBox, cardsTableClass } from '../ui';
import { NoticeButton } from './ResumeDownloads';
import { useResumeTexts } from './texts';

function Months({ months, color }: { months: readonly Month[]; color?: string }) {
  const { t } = useResumeTexts();
  if (months.length === 0) return <Text c="dimmed">{t('none')}</Text>;
  return (
    <Group gap={4}>
      {months.map((m) =>
        color ? (
          <Badge key={m} color={color} variant="light">
            {monthName(m)}
          </Badge>
        ) : (
          <span key={m}>{monthName(m)}</span>
        ),
      )}
    </Group>
  );
}

/**
 * The amounts' cells; `others` are the components beside the departmental one that the semester collected
 * (none in a territory without them: the table reads as it always has).
 */
function AmountCells({
  amounts,
  components,
  others,
}: {
  amounts: ResumeAmounts;
  components: ComponentTotals;
  others: readonly ComponentKind[];
}) {
  const { t } = useResumeTexts();
  const c = (key: string) => t(`columns.${key}`);
  return (
    <>
      <CardCell label={c('nights')} ta="right">
        {formatInteger(amounts.nightsCount)}
      </CardCell>
      <CardCell label={c('exempted')} ta="right">
        {formatInteger(amounts.exemptedNights)}
      </CardCell>
      <CardCell label={c('platform')} ta="right">
        {formatInteger(amounts.platformNightsCount)}
      </CardCell>
      <CardCell label={c('taxable')} ta="right">
        {formatInteger(amounts.taxableNights)}
      </CardCell>
      <CardCell label={c('cc')} ta="right">
        {formatEuros(amounts.ccAmount)}
      </CardCell>
      <CardCell label={c('moselle')} ta="right">
        {formatEuros(amounts.moselleAmount)}
      </CardCell>
      {others.map((kind) => (
        <CardCell key={kind} label={componentInfo[kind].label} ta="right">
          {formatEuros(components[kind])}
        </CardCell>
      ))}
      <CardCell label={c('total')} ta="right" fw={600} data-sticky-end>
        {formatEuros(amounts.totalAmount)}
      </CardCell>
    </>
  );
}

/** The components shown beside the departmental one: those the semester collected, in the law's order. */
export function otherComponents(resume: Pick<Resume, 'shownComponents'>): ComponentKind[] {
  return resume.shownComponents.filter((kind) => kind !== 'DEPARTMENTAL');
}

/** The Declarations screen filtered on one establishment and the semester shown. */
function declarationsOf(establishmentId: number, resume: Resume): string {
  const query = new URLSearchParams({
    establishmentId: String(establishmentId),
    year: String(resume.year),
    semester: String(resume.semester),
  });
  return `/declarations?${query}`;
}

/** The semester by provider and establishment: months, amounts, a subtotal per provider and the grand total. */
export function ResumeTable({ resume, isAdmin }: { resume: Resume; isAdmin: boolean }) {
  const { t } = useResumeTexts();
  const c = (key: string) => t(`columns.${key}`);
  const others = otherComponents(resume);
  return (
    // A region that scrolls sideways must be reachable by keyboard (it may hold no link for a host). Narrow,
    // each establishment shows as a card; wide, the total stays in view at the row's end.
    <CardsBox minWidth={1040 + 130 * others.length} tabIndex={0} role="region" aria-label={t('title')}>
      <Table className={cardsTableClass} striped withTableBorder aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c('establishment')}</Table.Th>
            <Table.Th>{c('doneMonths')}</Table.Th>
            <Table.Th miw={110}>{c('draftMonths')}</Table.Th>
            <Table.Th>{c('missingMonths')}</Table.Th>
            {/* Read left to right, the person-nights add up: all, less exempted, less via platforms = taxable. */}
            <Table.Th ta="right">{c('nights')}</Table.Th>
            <Table.Th ta="right">{c('exempted')}</Table.Th>
            <Table.Th ta="right">{c('platform')}</Table.Th>
            <Table.Th ta="right">{c('taxable')}</Table.Th>
            <Table.Th ta="right">{c('cc')}</Table.Th>
            <Table.Th ta="right">{c('moselle')}</Table.Th>
            {others.map((kind) => (
              <Table.Th key={kind} ta="right">
                {componentInfo[kind].label}
              </Table.Th>
            ))}
            <Table.Th ta="right" data-sticky-end>
              {c('total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resume.providers.map((provider) => (
            <Fragment key={provider.userId}>
              <Table.Tr>
                <Table.Th colSpan={11 + others.length} scope="colgroup">
                  <Group gap="lg" wrap="wrap">
                    <div>
                      {isAdmin ? (
                        <Anchor component={Link} to={`/users/${provider.userId}`} fw={700}>
                          {provider.providerName}
                        </Anchor>
                      ) : (
                        <Text fw={700} span>
                          {provider.providerName}
                        </Text>
                      )}
                      {provider.company ? <Text span c="dimmed">{` · ${provider.company}`}</Text> : null}
                      <Text size="sm">{t('reference', { reference: provider.paymentReference })}</Text>
                    </div>
                    {isAdmin ? (
                      <NoticeButton
                        year={resume.year}
                        semester={resume.semester}
                        userId={provider.userId}
                        label={`${t('downloads.notice')} ${provider.providerName}`}
                      />
                    ) : null}
                  </Group>
                </Table.Th>
              </Table.Tr>
              {provider.rows.map((row) => (
                <Table.Tr key={row.establishmentId}>
                  <CardCell label={c('establishment')}>
                    {isAdmin ? (
                      <Anchor
                        component={Link}
                        to={declarationsOf(row.establishmentId, resume)}
                        title={t('declarationsOf', { name: row.establishmentName })}
                      >
                        {row.establishmentName}
                      </Anchor>
                    ) : (
                      row.establishmentName
                    )}
                  </CardCell>
                  <CardCell label={c('doneMonths')}>
                    <Months months={row.doneMonths} />
                  </CardCell>
                  <CardCell label={c('draftMonths')}>
                    <Months months={row.draftMonths} color="blue" />
                    {row.draftMonths.length > 0 ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('draftTotal', { amount: formatEuros(row.draftTotalAmount) })}
                      </Text>
                    ) : null}
                  </CardCell>
                  <CardCell label={c('missingMonths')}>
                    <Months months={row.missingMonths} color="red" />
                  </CardCell>
                  <AmountCells amounts={row} components={row.components} others={others} />
                </Table.Tr>
              ))}
              <Table.Tr fw={600}>
                <Table.Td colSpan={4}>{t('subtotal', { name: provider.providerName })}</Table.Td>
                <AmountCells
                  amounts={provider.totals}
                  components={provider.componentTotals}
                  others={others}
                />
              </Table.Tr>
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={4}>{t('grandTotal')}</Table.Td>
            <AmountCells amounts={resume.totals} components={resume.componentTotals} others={others} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </CardsBox>
  );
}
