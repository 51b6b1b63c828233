import {
  ONBOARDING_BATCH_SIZE,
  type OnboardingImportInput,
  type OnboardingImportResult,
  type OnboardingLine,
  type OnboardingLineResult,
} from '@sejour/domain';

/** A batch's first and last line numbers in the file. */
export interface LineRange {
  first: number;
  last: number;
}

/** What an import (or its simulation) did, batch after batch, as the page reports it. */
export interface ImportReport {
  dryRun: boolean;
  /** The answer of every line of the batches that went in, in the file's order. */
  lines: OnboardingLineResult[];
  providersCreated: number;
  establishmentsCreated: number;
  existing: number;
  refused: number;
  /** The batches that went in (a simulation: that were checked). */
  done: LineRange[];
  /** The batch refused as a whole (nothing of it written), with the reason; the import stopped there. */
  failed: (LineRange & { message: string }) | null;
  /** Lines after the failed batch, not sent. */
  notSent: number;
}

const rangeOf = (batch: readonly OnboardingLine[]): LineRange => ({
  first: batch[0]?.line ?? 0,
  last: batch[batch.length - 1]?.line ?? 0,
});

/**
 * Sends the lines in batches, one request (one transaction on the server) each, one after the other; stops at
 * the first batch refused, so that the report says exactly which lines went in.
 */
export async function runImport(
  lines: readonly OnboardingLine[],
  dryRun: boolean,
  send: (body: OnboardingImportInput) => Promise<OnboardingImportResult>,
  onProgress: (sent: number) => void = () => {},
  batchSize = ONBOARDING_BATCH_SIZE,
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun,
    lines: [],
    providersCreated: 0,
    establishmentsCreated: 0,
    existing: 0,
    refused: 0,
    done: [],
    failed: null,
    notSent: 0,
  };
  for (let start = 0; start < lines.length; start += batchSize) {
    const batch = lines.slice(start, start + batchSize);
    try {
      const answer = await send({ lines: batch, dryRun });
      report.lines.push(...answer.lines);
      report.providersCreated += answer.providersCreated;
      report.establishmentsCreated += answer.establishmentsCreated;
      report.existing += answer.existing;
      report.refused += answer.refused;
      report.done.push(rangeOf(batch));
      onProgress(start + batch.length);
    } catch (error) {
      report.failed = { ...rangeOf(batch), message: error instanceof Error ? error.message : String(error) };
      report.notSent = lines.length - start - batch.length;
      break;
    }
  }
  return report;
}

/** The providers an import created (ids known: not a simulation), to invite. */
export function createdProviderIds(report: ImportReport): number[] {
  if (report.dryRun) return [];
  const ids = report.lines.flatMap((l) =>
    l.provider?.outcome === 'created' && l.provider.id !== null ? [l.provider.id] : [],
  );
  return [...new Set(ids)];
}
