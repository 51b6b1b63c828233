import { join } from 'node:path';
import type { Config } from '../config';

/** Where mails go, in the words of the start-up message: an operator reads there what to expect. */
export function mailDestination(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'logMailLinks'>): string {
  if (config.smtpUrl) return 'sent through SMTP (SMTP_URL)';
  const outbox = join(config.dataDir, 'outbox');
  return config.logMailLinks
    ? `no SMTP_URL: written to ${outbox}, their links logged (development or LOG_MAIL_LINKS)`
    : `no SMTP_URL: written to ${outbox} only, links not logged (LOG_MAIL_LINKS=1 logs them)`;
}
