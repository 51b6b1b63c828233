import { Button, Group, Text } from '@mantine/core';
import { resumeApi } from '@sejour/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ApiError, download } from '../api/client';
import { toast } from '../ui';
import { useResumeTexts } from './texts';

/** The semester's files: each takes `year`, `semester` and optionally `userId`. */
type FileContract =
  | typeof resumeApi.exportCsv
  | typeof resumeApi.accountingCsv
  | typeof resumeApi.notices
  | typeof resumeApi.reversementsCsv;

/** A button that saves one file of the semester; shows the bytes received while it streams. */
export function DownloadButton({
  contract,
  query,
  label,
  ariaLabel,
  progress = false,
}: {
  contract: FileContract;
  query: { year: number; semester: number; userId?: number };
  label: string;
  /** A fuller name for assistive technologies (it starts with the visible label). */
  ariaLabel?: string;
  progress?: boolean;
}) {
  const { t } = useResumeTexts();
  const [bytes, setBytes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setBytes(null);
    try {
      await download(contract, { query, onProgress: progress ? setBytes : undefined });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      toast.error(t('downloads.failed', { message }));
    } finally {
      setBusy(false);
      setBytes(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<Download size={16} />}
        loading={busy}
        onClick={start}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
      {busy && bytes !== null ? (
        <Text size="sm" aria-live="polite">
          {t('downloads.progress', { size: `${Math.round(bytes / 1024)} Ko` })}
        </Text>
      ) : null}
    </Group>
  );
}

export function NoticeButton(props: {
  year: number;
  semester: number;
  userId?: number;
  label: string;
  ariaLabel?: string;
}) {
  const { year, semester, userId, label, ariaLabel } = props;
  return (
    <DownloadButton
      contract={resumeApi.notices}
      query={{ year, semester, userId }}
      label={label}
      ariaLabel={ariaLabel}
    />
  );
}

/** The admins' exports of the whole semester. */
export function AdminDownloads({ year, semester }: { year: number; semester: number }) {
  const { t } = useResumeTexts();
  const query = { year, semester };
  return (
    <Group gap="sm" wrap="wrap">
      <DownloadButton contract={resumeApi.exportCsv} query={query} label={t('downloads.csv')} />
      <DownloadButton contract={resumeApi.accountingCsv} query={query} label={t('downloads.accounting')} />
      <DownloadButton contract={resumeApi.notices} query={query} label={t('downloads.allNotices')} progress />
    </Group>
  );
}
