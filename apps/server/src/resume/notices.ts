import type { Readable } from 'node:stream';
import { noticeAddressOf, type ResumeProvider, semesterLabel } from '@sejour/domain';
import type { OffloadPool } from '../offload/pool';
import type { CollectivitySettingsStore } from '../settings';
import type { NoticeItem, NoticesHead } from './notices-render';
import type { SemesterScope } from './repository';
import type { NoticeDetail, ResumeService } from './service';

/**
 * Providers read together (two statements for them all, not two each), and notices handed to the worker in one
 * message: a few, so that what waits in the stream stays about its high-water mark.
 */
const PROVIDERS_PER_READ = 25;
const NOTICES_PER_MESSAGE = 4;
/**
 * Providers whose establishments are read at once, on any database. Smaller pages on PGlite (25, as the CSV exports
 * read there) shortened its longest wait (about 70 → 30 ms) but put two reads before every 25 notices, and a light
 * request's p99 during the PDF rose from 12 to 16–20 ms.
 */
const PROVIDER_PAGE_OF_NOTICES = 200;

/**
 * The notices of a scope as one PDF, made by a worker of the offload pool while it streams out: the request only
 * reads each provider's figures and hands them over; the worker lays the pages out (seconds of CPU for a
 * semester of thousands of notices, which would otherwise hold every other request) and sends back the bytes.
 * The next provider is read once the reader has taken the last notice's bytes, so memory stays flat whatever
 * the client's speed, and a client that leaves stops both.
 */
export function noticesPdf(
  service: ResumeService,
  settings: CollectivitySettingsStore,
  scope: SemesterScope,
  offload: OffloadPool,
): Readable {
  const head = (async (): Promise<NoticesHead> => {
    const collectivity = await settings.get();
    return {
      title: `Avis des sommes à payer — ${semesterLabel(scope.semester)} ${scope.year}`,
      collectivity,
      terms: await service.terms(scope, collectivity),
      year: scope.year,
      semester: scope.semester,
    };
  })();
  async function* notices(): AsyncGenerator<NoticeItem[]> {
    let providers: ResumeProvider[] = [];
    const flush = async function* () {
      const details = await service.noticeDetails(
        scope,
        providers.map((provider) => provider.userId),
      );
      for (let i = 0; i < providers.length; i += NOTICES_PER_MESSAGE)
        yield providers.slice(i, i + NOTICES_PER_MESSAGE).map((provider) => noticeOf(provider, details));
      providers = [];
    };
    for await (const provider of service.eachProvider(scope, PROVIDER_PAGE_OF_NOTICES)) {
      providers.push(provider);
      if (providers.length === PROVIDERS_PER_READ) yield* flush();
    }
    yield* flush();
  }
  return offload.stream('noticesPdf', head, notices());
}

/** What a provider's notice prints of its own: figures, lines, the address it is sent to. */
function noticeOf(provider: ResumeProvider, details: Map<number, NoticeDetail>): NoticeItem {
  const { identity, lines } = details.get(provider.userId) ?? { identity: undefined, lines: [] };
  const person = [identity?.firstname, identity?.lastname].filter(Boolean).join(' ');
  const establishment = identity
    ? {
        address: identity.establishment_address,
        cp: identity.establishment_cp,
        city: identity.establishment_city,
      }
    : null;
  return {
    provider,
    address: {
      name: provider.providerName,
      lines: [
        ...(identity?.company && person ? [person] : []),
        ...noticeAddressOf(
          { address: identity?.address ?? null, cp: identity?.cp ?? null, city: identity?.city ?? null },
          establishment,
        ),
      ],
    },
    lines,
  };
}
