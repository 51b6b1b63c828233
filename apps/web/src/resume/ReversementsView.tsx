import { Alert, Stack, Text } from '@mantine/core';
import { resumeApi } from '@sejour/domain';
import { PageLoader } from '../ui';
import { useReversements } from './api';
import { DownloadButton } from './ResumeDownloads';
import { ReversementsTable } from './ReversementsTable';
import { useResumeTexts } from './texts';

/** The "reversements" of the semester shown, with their CSV. */
export function ReversementsView({ year, semester }: { year: number; semester: number }) {
  const { t } = useResumeTexts();
  const reversements = useReversements(year, semester);
  const own = reversements.data?.semesters.find((s) => s.semester === semester);
  return (
    <Stack>
      <Text>{t('reversements.intro')}</Text>
      <div>
        <DownloadButton
          contract={resumeApi.reversementsCsv}
          query={{ year, semester }}
          label={t('reversements.csv')}
        />
      </div>
      {reversements.isError ? (
        <Alert color="red" title={t('reversements.loadError')}>
          {reversements.error.message}
        </Alert>
      ) : !own ? (
        <PageLoader />
      ) : (
        <ReversementsTable semester={own} />
      )}
    </Stack>
  );
}
