// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  dueDateWording,
  formatEuros,
  PROVISIONAL_NOTICE,
  type Semester,
  semesterLabel,
} from '@sejour/domain';
import { Link } from 'react-router';
import { PageLoader } from '../ui';
import { useOwnSemesters } from './api';
import { NoticeButton } from './ResumeDownloads';
import { useResumeTexts } from './texts';

/** A host's semesters with declarations, newest first: what each notice asks for, and the notice itself. */
export function HostSemesters({ selected }: { selected: { year: number; semester: number } }) {
  const { t } = useResumeTexts();
  const semesters = useOwnSemesters(true);
  const title = (year: number, semester: number) => `${semesterLabel(semester as Semester)} ${year}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="host-semesters">
      <Title order={2} size="h3" id="host-semesters" mb="sm">
        {t('semesters.title')}
      </Title>
      {semesters.isError ? (
        <Alert color="red" title={t('loadError')}>
          {semesters.error.message}
        </Alert>
      ) : !semesters.data ? (
        <PageLoader />
      ) : semesters.data.length === 0 ? (
        <Text>{t('semesters.empty')}</Text>
      ) : (
        <Table striped aria-labelledby="host-semesters">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('semesters.period')}</Table.Th>
              <Table.Th ta="right">{t('semesters.due')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {semesters.data.map((row) => {
              const current = row.year === selected.year && row.semester === selected.semester;
              return (
                <Table.Tr key={`${row.year}-${row.semester}`} aria-current={current ? 'true' : undefined}>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Anchor
                        component={Link}
                        to={`/resume?year=${row.year}&semester=${row.semester}`}
                        fw={current ? 700 : undefined}
                      >
                        {title(row.year, row.semester)}
                      </Anchor>
                      {row.provisional ? (
                        <Badge color="orange" variant="light" title={PROVISIONAL_NOTICE.explanation}>
                          {PROVISIONAL_NOTICE.badge}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs">{dueDateWording(row.dueDate)}</Text>
                    {row.doneCount < row.declarationCount ? (
                      <Text size="xs" c="dimmed">
                        {t('semesters.drafts', {
                          count: row.declarationCount - row.doneCount,
                          amount: formatEuros(row.draftTotalAmount),
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap="xs" align="flex-end">
                      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatEuros(row.totalAmount)}
                      </Text>
                      <NoticeButton
                        year={row.year}
                        semester={row.semester}
                        label={t('semesters.download')}
                        ariaLabel={t('semesters.downloadFull', { period: title(row.year, row.semester) })}
                      />
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
