import {
  comparableText,
  ONBOARDING_BATCH_SIZE,
  type OnboardingImportInput,
  type OnboardingImportResult,
  type OnboardingLine,
  type OnboardingLineResult,
  parseOnboardingLine,
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
 * A simulation writes nothing, so a later batch cannot see what an earlier one would create: a provider or an
 * establishment of the file met again in a later batch is answered « created » a second time. The keys the
 * server matches by (SIRET, else e-mail; number, else owner, name and address) tell them here.
 */
function simulationMemory() {
  const providers = new Map<string, number>();
  const establishments = new Map<string, number>();
  return (batch: readonly OnboardingLine[], answer: OnboardingImportResult): OnboardingImportResult => {
    const read = new Map(batch.map((line) => [line.line, parseOnboardingLine(line)]));
    let providersCreated = answer.providersCreated;
    let establishmentsCreated = answer.establishmentsCreated;
    const lines = answer.lines.map((result) => {
      const parsed = read.get(result.line);
      if (!parsed?.ok || result.status === 'error') return result;
      const owner = parsed.provider.siret ?? parsed.provider.email.toLowerCase();
      let { provider, establishment } = result;
      const earlierProvider = providers.get(owner);
      if (provider?.outcome === 'created') {
        if (earlierProvider === undefined) providers.set(owner, result.line);
        else {
          provider = { ...provider, outcome: 'existing', matchedBy: 'line', matchedLine: earlierProvider };
          providersCreated--;
        }
      }
      if (establishment?.outcome === 'created' && parsed.establishment) {
        const { numero, name, address } = parsed.establishment;
        const key = numero ?? `${owner}|${comparableText(name)}|${comparableText(address)}`;
        const earlier = establishments.get(key);
        if (earlier === undefined) establishments.set(key, result.line);
        else {
          establishment = { ...establishment, outcome: 'existing', matchedBy: 'line', matchedLine: earlier };
          establishmentsCreated--;
        }
      }
      const created = provider?.outcome === 'created' || establishment?.outcome === 'created';
      return {
        ...result,
        provider,
        establishment,
        status: created ? ('created' as const) : ('existing' as const),
      };
    });
    const existing = lines.filter((l) => l.status === 'existing').length;
    return { ...answer, lines, providersCreated, establishmentsCreated, existing };
  };
}

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
  const remember = dryRun ? simulationMemory() : null;
  for (let start = 0; start < lines.length; start += batchSize) {
    const batch = lines.slice(start, start + batchSize);
    try {
      const sent = await send({ lines: batch, dryRun });
      const answer = remember ? remember(batch, sent) : sent;
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
