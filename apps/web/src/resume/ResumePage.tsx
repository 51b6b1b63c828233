// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { dueDateWording, SEMESTERS, semesterLabel } from '@sejour/domain';
import { Settings } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../session/useSession';
import { PageLoader, Tabs } from '../ui';
import { PROVIDERS_PER_PAGE, useResume } from './api';
import { HostSemesters } from './HostSemesters';
import { ProvisionalNotice } from './ProvisionalNotice';
import { AdminDownloads, NoticeButton } from './ResumeDownloads';
import { ResumeTable } from './ResumeTable';
import { ReversementsView } from './ReversementsView';
import { semesterFromSearch } from './semester';
import { useResumeTexts } from './texts';

/** Years offered: from the scheme's first declarations to next year. */
function yearOptions(current: number): string[] {
  const last = Math.max(new Date().getFullYear() + 1, current);
  const years: string[] = [];
  for (let y = last; y >= Math.min(2020, current); y -= 1) years.push(String(y));
  return years;
}

/** The semester's summary: admins see every provider and export; a host sees their own and their notice. */
export function ResumePage() {
  const { t } = useResumeTexts();
  const { isAdmin } = useSession();
  const [search, setSearch] = useSearchParams();
  const { year, semester } = semesterFromSearch(search, new Date());
  const page = Math.max(1, Number(search.get('page')) || 1);
  const resume = useResume(year, semester, page);

  const update = (changes: Record<string, string>) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set('year', String(year));
      next.set('semester', String(semester));
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const data = resume.data;
  const pages = data ? Math.max(1, Math.ceil(data.providerCount / PROVIDERS_PER_PAGE)) : 1;
  const summary = resume.isError ? (
    <Alert color="red" title={t('loadError')}>
      {resume.error.message}
    </Alert>
  ) : !data ? (
    <PageLoader />
  ) : (
    <Stack>
      {data.provisional ? <ProvisionalNotice /> : null}
      <Group gap="lg">
        <Text fw={600}>{dueDateWording(data.dueDate)}</Text>
        {isAdmin ? <Text>{t('providerCount', { count: data.providerCount })}</Text> : null}
      </Group>
      {data.providers.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <ResumeTable resume={data} isAdmin={isAdmin} />
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={(p) => update({ page: String(p) })}
          getControlProps={() => ({})}
        />
      ) : null}
    </Stack>
  );
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{isAdmin ? t('title') : t('hostTitle')}</Title>
        {isAdmin ? (
          <Button component={Link} to="/settings" variant="subtle" leftSection={<Settings size={16} />}>
            {t('settings')}
          </Button>
        ) : null}
      </Group>
      {isAdmin ? null : (
        <>
          <HostSemesters selected={{ year, semester }} />
          <Title order={2} size="h3">
            {t('detail')}
          </Title>
        </>
      )}
      <Group align="end" wrap="wrap">
        <NativeSelect
          label={t('year')}
          value={String(year)}
          data={yearOptions(year)}
          onChange={(e) => update({ year: e.currentTarget.value })}
        />
        <NativeSelect
          label={t('semester')}
          value={String(semester)}
          data={SEMESTERS.map((s) => ({ value: String(s), label: semesterLabel(s) }))}
          onChange={(e) => update({ semester: e.currentTarget.value })}
        />
        {isAdmin ? (
          <AdminDownloads year={year} semester={semester} />
        ) : (
          <NoticeButton year={year} semester={semester} label={t('downloads.myNotice')} />
        )}
      </Group>
      {isAdmin ? (
        <Tabs
          urlParam="view"
          aria-label={t('tabs.label')}
          items={[
            { value: 'resume', label: t('tabs.resume'), content: summary },
            {
              value: 'reversements',
              label: t('tabs.reversements'),
              content: <ReversementsView year={year} semester={semester} />,
            },
          ]}
        />
      ) : (
        summary
      )}
    </Stack>
  );
}
