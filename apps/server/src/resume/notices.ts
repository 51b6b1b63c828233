import { noticeAddressOf, type ResumeProvider, semesterLabel } from '@sejour/domain';
import type { CollectivitySettingsStore } from '../settings';
import { createNoticeDocument, writeNotice } from './notice-pdf';
import { readerPace } from './reader-pace';
import type { SemesterScope } from './repository';
import type { NoticeTerms, ResumeService } from './service';

/**
 * The notices of a scope as one PDF, written provider after provider while it streams out: pdfkit flushes each
 * finished page, providers are read page by page, and the next notice waits while the reader is behind, so
 * memory stays flat for thousands of notices whatever the client's speed.
 */
export function noticesPdf(
  service: ResumeService,
  settings: CollectivitySettingsStore,
  scope: SemesterScope,
): PDFKit.PDFDocument {
  const doc = createNoticeDocument(
    `Avis des sommes à payer — ${semesterLabel(scope.semester)} ${scope.year}`,
  );
  const pace = readerPace(doc);
  const write = async () => {
    const collectivity = await settings.get();
    const terms = await service.terms(scope, collectivity);
    let written = 0;
    for await (const provider of service.eachProvider(scope)) {
      await pace.ready();
      if (doc.destroyed) return;
      await writeProviderNotice(doc, service, { collectivity, terms, scope, provider });
      written += 1;
    }
    if (doc.destroyed) return;
    if (written === 0) {
      doc.addPage();
      doc.fontSize(12).text('Aucun avis pour ce semestre.');
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}

async function writeProviderNotice(
  doc: PDFKit.PDFDocument,
  service: ResumeService,
  context: {
    collectivity: Awaited<ReturnType<CollectivitySettingsStore['get']>>;
    terms: NoticeTerms;
    scope: SemesterScope;
    provider: ResumeProvider;
  },
): Promise<void> {
  const { provider, scope } = context;
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
  writeNotice(doc, {
    collectivity: context.collectivity,
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
    year: scope.year,
    semester: scope.semester,
    ...context.terms,
  });
}
