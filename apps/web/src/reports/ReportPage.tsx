import { Alert, Anchor, Button, Group, List, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import {
  establishmentTypeInfo,
  natureClassificationLabel,
  postalAddressLines,
  type Report,
  type ReportDetail,
  reportProviderAddress,
  reportRejectSchema,
  type Stars,
  type User,
} from '@sejour/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../api/client';
import {
  confirmAction,
  Form,
  formatDate,
  Popup,
  RecordLayout,
  RecordStates,
  recordIdOf,
  runWithToast,
  SubmitButton,
  TextareaField,
  toast,
  useKitForm,
} from '../ui';
import { useReport, useReportDecisions } from './api';
import { StatusBadge } from './status';
import { useReportsTexts } from './texts';

/** `/reports/{id}` (admins): a report beside the providers it may belong to; accept or reject it. */
export function ReportPage() {
  const { id } = useParams();
  const { t } = useReportsTexts();
  const reportId = recordIdOf(id);
  const report = useReport(reportId);
  return (
    <RecordStates
      id={reportId}
      query={report}
      notFound={isNotFound(report.error)}
      backTo="/reports"
      backLabel={t('detail.back')}
    >
      {(record) => <ReportView key={record.id} report={record} />}
    </RecordStates>
  );
}

/** The company's address as the declarant gave it, or null on reports received before it was asked. */
function companyAddressText(report: Report): string | null {
  const lines = postalAddressLines(reportProviderAddress(report));
  return lines.length === 0 ? null : lines.join(', ');
}

const personName = (u: Pick<User, 'firstname' | 'lastname' | 'company' | 'username'>) =>
  u.company || [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username;

function ReportView({ report }: { report: ReportDetail }) {
  const { t } = useReportsTexts();
  const decisions = useReportDecisions(report.id);
  const [choice, setChoice] = useState<string>(
    report.matches.find((m) => m.email.toLowerCase() === report.email.toLowerCase())
      ? String(report.matches.find((m) => m.email.toLowerCase() === report.email.toLowerCase())?.id)
      : 'new',
  );
  const [rejecting, setRejecting] = useState(false);
  const pending = report.status === 'new';
  const chosen = report.matches.find((m) => String(m.id) === choice) ?? null;
  const f = (key: string) => t(`detail.fields.${key}`);
  const dash = '—';

  const accept = async () => {
    const ok = await confirmAction({
      title: t('detail.accept'),
      text: chosen
        ? t('detail.acceptAttachConfirm', { name: personName(chosen) })
        : t('detail.acceptConfirm'),
      confirmLabel: t('detail.accept'),
    });
    if (!ok) return;
    await runWithToast(
      () => decisions.accept.mutateAsync(chosen ? chosen.id : null),
      t(chosen ? 'detail.attached' : 'detail.accepted'),
    );
  };

  const rows: [string, string][] = [
    [f('kind'), t(`kind.${report.kind}`)],
    [f('name'), `${report.firstname} ${report.lastname}`],
    [f('email'), report.email],
    [f('phone'), report.phone ?? dash],
    ...(report.kind === 'pro'
      ? ([
          [f('company'), report.company ?? dash],
          [f('siret'), report.siret ?? dash],
          [f('companyAddress'), companyAddressText(report) ?? t('detail.noCompanyAddress')],
        ] as [string, string][])
      : []),
  ];
  const place: [string, string][] = [
    [f('name'), report.name],
    [f('address'), `${report.address}, ${report.cp} ${report.city}`],
    ...(report.nature
      ? ([
          [f('nature'), natureClassificationLabel(report.nature, (report.stars ?? null) as Stars | null)],
        ] as [string, string][])
      : []),
    [f('type'), establishmentTypeInfo[report.type].label],
    [f('typePrecision'), report.typePrecision ?? dash],
    [
      f('capacity'),
      [
        report.capacityMaxRoom === null ? null : t('detail.fields.rooms', { count: report.capacityMaxRoom }),
        report.capacityMaxPerson === null
          ? null
          : t('detail.fields.persons', { count: report.capacityMaxPerson }),
      ]
        .filter(Boolean)
        .join(', ') || dash,
    ],
    [f('numero'), report.numero ?? dash],
    [f('openingDate'), formatDate(report.openingDate)],
  ];

  return (
    <RecordLayout
      back={{ to: '/reports', label: t('detail.back') }}
      title={t('detail.title', { id: report.id })}
      subtitle={t('detail.received', { date: formatDate(report.createDate) })}
      badges={<StatusBadge status={report.status} />}
      notices={
        <>
          {report.status !== 'new' && report.decidedAt && (
            <Alert color={report.status === 'accepted' ? 'green' : 'gray'}>
              {t('detail.decided', {
                status: t(`status.${report.status}`),
                date: formatDate(report.decidedAt),
                by: report.decidedBy ?? dash,
              })}
              {report.rejectReason && (
                <Text size="sm" mt="xs">
                  {t('detail.reason')} : {report.rejectReason}
                </Text>
              )}
              {report.status === 'accepted' && (
                <Group gap="md" mt="xs">
                  {report.providerId && (
                    <Anchor component={Link} to={`/users/${report.providerId}`} size="sm">
                      {t('detail.openProvider')}
                    </Anchor>
                  )}
                  {report.establishmentId && (
                    <Anchor component={Link} to={`/establishments/${report.establishmentId}`} size="sm">
                      {t('detail.openEstablishment')}
                    </Anchor>
                  )}
                </Group>
              )}
            </Alert>
          )}
          {pending && report.numeroTaken && (
            <Alert color="orange" role="alert">
              {t('detail.numeroTaken')}
            </Alert>
          )}
        </>
      }
      form={
        <Stack gap="md">
          <Facts title={t('detail.declarant')} rows={rows} />
          <Facts title={t('detail.accommodation')} rows={place} />
        </Stack>
      }
      actions={
        pending ? (
          <>
            <Button onClick={accept} loading={decisions.accept.isPending}>
              {t('detail.accept')}
            </Button>
            <Button variant="default" color="red" onClick={() => setRejecting(true)}>
              {t('detail.reject')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Paper withBorder p="md" component="section" aria-labelledby="report-matches">
        <Title order={2} size="h4" id="report-matches" mb="xs">
          {t('detail.matches')}
        </Title>
        {report.matches.length === 0 ? (
          <Text size="sm">{t('detail.noMatch')}</Text>
        ) : pending ? (
          <Radio.Group value={choice} onChange={setChoice} aria-labelledby="report-matches">
            <Stack gap="xs">
              {report.matches.map((m) => (
                <Radio
                  key={m.id}
                  value={String(m.id)}
                  label={`${t('detail.attach')} : ${personName(m)} (${m.username}, ${m.email})`}
                />
              ))}
              <Radio value="new" label={t('detail.createNew')} />
            </Stack>
          </Radio.Group>
        ) : (
          <List size="sm">
            {report.matches.map((m) => (
              <List.Item key={m.id}>
                <Anchor component={Link} to={`/users/${m.id}`}>
                  {personName(m)}
                </Anchor>{' '}
                ({m.username}, {m.email})
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <RejectPopup
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          await decisions.reject.mutateAsync(reason);
          setRejecting(false);
        }}
      />
    </RecordLayout>
  );
}

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 130, sm: 220 }} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function RejectPopup(props: {
  opened: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const { t } = useReportsTexts();
  const form = useKitForm<{ reason: string }, { reason: string }>({
    schema: reportRejectSchema,
    defaultValues: { reason: '' },
  });
  return (
    <Popup opened={props.opened} onClose={props.onClose} title={t('detail.rejectTitle')}>
      <Form
        form={form}
        aria-label={t('detail.rejectTitle')}
        onSubmit={async (values) => {
          await props.onReject(values.reason);
          toast.success(t('detail.rejected'));
        }}
        actions={
          <>
            <SubmitButton color="red">{t('detail.rejectSubmit')}</SubmitButton>
            <Button variant="default" onClick={props.onClose}>
              {t('detail.cancel')}
            </Button>
          </>
        }
      >
        <TextareaField name="reason" label={t('detail.rejectReason')} required maxLength={2000} />
      </Form>
    </Popup>
  );
}
