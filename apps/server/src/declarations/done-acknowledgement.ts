import { datedPeriodLabel, deMonth, formatBasisPoints, formatEuros, type Month } from '@sejour/domain';
import type { Executor } from '../db/database';
import { createUsersRepository } from '../identity/repository';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { declarationDoneMail } from '../mail/templates';
import type { DeclarationViewRow } from './repository';
import { storedForfait } from './view';

/** Where the acknowledgement of a done declaration goes out, and what it names. */
export interface DoneAcknowledgement {
  mailer: Mailer;
  publicUrl: string;
  collectivityName: string;
}

/**
 * Acknowledges a declaration marked done to its host, queued in the transaction that marks it done: the mail goes
 * if, and only if, it commits. Without `ack`, no mail.
 */
export async function acknowledgeDone(
  ack: DoneAcknowledgement | undefined,
  tx: Executor,
  row: DeclarationViewRow,
): Promise<void> {
  if (!ack) return;
  const user = await createUsersRepository(tx).findById(row.userId);
  if (!user) return;
  const link = `${ack.publicUrl}/declarations/${row.id}`;
  const forfait = storedForfait(row);
  const content = declarationDoneMail({
    collectivity: ack.collectivityName,
    name: addresseeName(user),
    username: user.username,
    link,
    establishment: row.establishmentName,
    ofMonth: forfait
      ? `au forfait de la période ${datedPeriodLabel({ beginDate: forfait.periodStart, endDate: forfait.periodEnd })}`
      : `${deMonth(row.month as Month)} ${row.year}`,
    amount: formatEuros(row.totalAmount),
    taxableNights: row.taxableNights,
    ...(forfait && {
      forfait: {
        capacityUnits: forfait.capacity * forfait.personsPerUnit,
        nights: forfait.openNights,
        abatement: formatBasisPoints(forfait.abatementRate),
      },
    }),
  });
  await ack.mailer.send(
    { to: user.email, ...content, meta: { kind: 'declaration_done', userId: row.userId }, link },
    tx,
  );
}
