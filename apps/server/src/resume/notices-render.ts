import type { CollectivitySettings, Semester } from '@sejour/domain';
import { createNoticeDocument, type Notice, writeNotice } from './notice-pdf';
import type { NoticeTerms } from './service';

/** What every notice of a combined PDF shares, read once by the request. */
export interface NoticesHead {
  title: string;
  collectivity: CollectivitySettings;
  terms: NoticeTerms;
  year: number;
  semester: Semester;
}

/** One provider's part of a notice, as the request read it. */
export type NoticeItem = Pick<Notice, 'provider' | 'address' | 'lines'>;

/**
 * The combined notices PDF made in an offload worker, a few notices at a time: each `add` writes the notices it
 * is given and returns the bytes pdfkit finished meanwhile, `end` the rest of the file. Pure of the database and
 * the request, so that a worker imports only this and pdfkit.
 */
export function noticesPdfWriter(head: NoticesHead) {
  const doc = createNoticeDocument(head.title);
  let done: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => done.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  let written = 0;
  const take = (): Uint8Array => {
    const bytes = Buffer.concat(done);
    done = [];
    return bytes;
  };
  // pdfkit hands its bytes to the stream's reader on a later tick: wait for them before taking them.
  const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    async add(items: readonly NoticeItem[]): Promise<Uint8Array> {
      for (const item of items) {
        writeNotice(doc, {
          collectivity: head.collectivity,
          ...item,
          year: head.year,
          semester: head.semester,
          ...head.terms,
        });
        written += 1;
      }
      await settled();
      return take();
    },
    async end(): Promise<Uint8Array> {
      if (written === 0) {
        doc.addPage();
        doc.fontSize(12).text('Aucun avis pour ce semestre.');
      }
      doc.end();
      await ended;
      return take();
    },
  };
}
