import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '../../apps/server/test/helpers/smtp-catcher';

/**
 * The browser tests' mailbox: the global setup runs an SMTP server (the product's `SMTP_URL`) and writes
 * every mail it receives to `E2E_DATA_DIR/mailbox/NNNN.json`; tests, in other processes, read them here.
 */
export type MailboxMail = Omit<CaughtMail, 'raw'>;

export function mailboxFolder(dataDir = process.env.E2E_DATA_DIR ?? ''): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup');
  return join(dataDir, 'mailbox');
}

let written = 0;
export function writeToMailbox(folder: string, mail: CaughtMail): void {
  mkdirSync(folder, { recursive: true });
  written += 1;
  const { raw: _raw, ...rest } = mail;
  writeFileSync(join(folder, `${String(written).padStart(4, '0')}.json`), JSON.stringify(rest, null, 2));
}

function readAll(): Array<MailboxMail & { file: string }> {
  const folder = mailboxFolder();
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(folder, file), 'utf8')) as MailboxMail) }));
}

/** The files already there: `waitForMail({ after })` then sees only the mails that came later. */
export function mailboxMark(): Set<string> {
  return new Set(readAll().map((m) => m.file));
}

/** Waits for a mail to `to` (and whose subject matches), not among `after`. */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; after?: Set<string>; timeoutMs?: number } = {},
): Promise<MailboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const found = readAll().find(
      (m) =>
        !options.after?.has(m.file) &&
        m.to.includes(to) &&
        (!options.subject || options.subject.test(m.subject)),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} within ${options.timeoutMs ?? 10_000} ms`);
}

/** The link of a mail to one of the product's pages. */
export function linkIn(mail: MailboxMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`No ${path} link in:\n${mail.text}`);
  return link;
}
