import type { Readable } from 'node:stream';
import { noticeAddressOf, type ResumeProvider, semesterLabel } from '@sejour/domain';
import type { OffloadPool } from '../offload/pool';
import type { CollectivitySettingsStore } from '../settings';
import type { NoticeItem, NoticesHead } from './notices-render';
import type { SemesterScope } from './repository';
import type { ResumeService } from './service';

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
    for await (const provider of service.eachProvider(scope)) yield [await noticeOf(service, provider, scope)];
  }
  return offload.stream('noticesPdf', head, notices());
}

/** What a provider's notice prints of its own: figures, lines, the address it is sent to. */
async function noticeOf(
  service: ResumeService,
  provider: ResumeProvider,
  scope: SemesterScope,
): Promise<NoticeItem> {
  const [identity, lines] = await Promise.all([
    service.provider(provider.userId),
    service.noticeLines({ ...scope, userId: provider.userId }),
  ]);
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
