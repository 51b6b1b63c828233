import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transport } from 'nodemailer';

export interface OutboxInfo {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  /** Where the `.eml` file was written. */
  path: string;
}

/**
 * A nodemailer transport that writes each message, as sent over SMTP, to `folder/*.eml` (open it in any
 * mail client). The default without `SMTP_URL`, so the embedded mode works with no mail server.
 */
export function outboxTransport(folder: string): Transport<OutboxInfo> {
  return {
    name: 'SejourOutbox',
    version: '1.0.0',
    send(mail, callback) {
      mail.message.build((buildError, raw) => {
        if (buildError) return callback(buildError, undefined as never);
        // Sortable by time, unique across instances.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        const path = join(folder, name);
        mkdir(folder, { recursive: true })
          .then(() => writeFile(path, raw, { mode: 0o600 }))
          .then(
            () =>
              callback(null, {
                envelope: mail.message.getEnvelope(),
                messageId: mail.message.messageId(),
                path,
              }),
            (error: Error) => callback(error, undefined as never),
          );
      });
    },
  };
}
