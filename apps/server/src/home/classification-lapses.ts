import {
  CLASSIFICATION_NOTICE_DAYS,
  CLASSIFICATION_YEARS,
  type ClassificationLapse,
  classificationLapseNotice,
  frenchDate,
  type IsoDate,
  isoDateIn,
  type Stars,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Executor, selectRows } from '../db/database';
import { classificationNotices } from '../db/schema';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { classificationLapseMail } from '../mail/templates';
import { createHourlyCheck } from './hourly-check';

/** How often each instance looks for classifications to announce (each one's notice goes out once). */
export const LAPSE_CHECK_MS = 60 * 60 * 1000;

export interface LapsingEstablishment {
  id: number;
  name: string;
  userId: number;
  classifiedOn: IsoDate;
  lapse: ClassificationLapse;
}

interface Row {
  id: number;
  name: string;
  user_id: number;
  stars: number;
  classified_on: string;
}

/**
 * The establishments whose classification lapses within 90 days or has lapsed (one provider's, or all),
 * the earliest lapse first. SQL keeps the decisions old enough (a day's margin: 29 February); the domain's
 * rule decides (`classificationLapseNotice`).
 */
export async function lapsingEstablishments(
  db: Executor,
  today: IsoDate,
  filter: { userId?: number; lapsed?: boolean } = {},
): Promise<LapsingEstablishment[]> {
  const latest = sql`(${today}::date - make_interval(years => ${CLASSIFICATION_YEARS}) + make_interval(days => ${CLASSIFICATION_NOTICE_DAYS + 1}))::date`;
  const rows = await selectRows<Row>(
    db,
    sql`select id, name, user_id, stars, classified_on::text as classified_on from establishments
        where stars is not null and classified_on is not null and classified_on <= ${latest}
        ${filter.userId === undefined ? sql`` : sql`and user_id = ${filter.userId}`}
        ${filter.lapsed === false ? sql`and classified_on >= (${today}::date - make_interval(years => ${CLASSIFICATION_YEARS}) - interval '1 day')::date` : sql``}
        order by classified_on, lower(name), id`,
  );
  return rows.flatMap((row) => {
    const lapse = classificationLapseNotice(
      { stars: row.stars as Stars, classifiedOn: row.classified_on },
      today,
    );
    if (!lapse || (filter.lapsed === false && lapse.lapsed)) return [];
    return [{ id: row.id, name: row.name, userId: row.user_id, classifiedOn: row.classified_on, lapse }];
  });
}

export interface LapseNoticeDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  collectivityName: string;
  enabled: boolean;
}

interface Recipient {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  lastname: string | null;
}

const recipientColumns = sql`id, email, username, firstname, lastname`;

/**
 * The notice of a classification's lapse (decision 0149): from 90 days before a decision lapses, one mail to
 * the establishment's host and one to each active admin. A row of `classification_notices` per establishment
 * and decision date is inserted in the transaction that queues the mails: with several instances, or one
 * running every hour, the first to commit sends, the others find the row and send nothing. A new decision
 * (another date) is announced in its turn.
 */
export function createClassificationLapseNotices(deps: LapseNoticeDeps) {
  const { db, now, mailer, log } = deps;

  function mailOf(user: Recipient, to: 'host' | 'admin', establishment: LapsingEstablishment) {
    const link = `${deps.publicUrl}/establishments/${establishment.id}`;
    const content = classificationLapseMail({
      collectivity: deps.collectivityName,
      name: addresseeName(user),
      username: user.username,
      link,
      establishment: establishment.name,
      classifiedOn: frenchDate(establishment.classifiedOn),
      lapsesOn: frenchDate(establishment.lapse.lapsesOn),
      to,
    });
    return { to: user.email, ...content, meta: { kind: 'classification_lapse', userId: user.id }, link };
  }

  /** Announces each classification due and not announced yet; answers how many mails were queued. */
  async function runIfDue(): Promise<{ establishments: number; mails: number }> {
    if (!deps.enabled) return { establishments: 0, mails: 0 };
    const due = await lapsingEstablishments(db, isoDateIn(now()), { lapsed: false });
    let announced = 0;
    let mails = 0;
    for (const establishment of due) {
      const queued = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(classificationNotices)
          .values({ establishmentId: establishment.id, classifiedOn: establishment.classifiedOn })
          .onConflictDoNothing()
          .returning({ id: classificationNotices.establishmentId });
        if (claimed.length === 0) return 0;
        const [hosts, admins] = await Promise.all([
          selectRows<Recipient>(
            tx,
            sql`select ${recipientColumns} from users where id = ${establishment.userId} and not disabled`,
          ),
          selectRows<Recipient>(
            tx,
            sql`select ${recipientColumns} from users
                where role in ('admin', 'superadmin') and activated and not disabled and not archived
                order by id`,
          ),
        ]);
        const messages = [
          ...hosts.map((user) => mailOf(user, 'host', establishment)),
          ...admins.map((user) => mailOf(user, 'admin', establishment)),
        ];
        for (const message of messages) await mailer.send(message, tx);
        await tx
          .update(classificationNotices)
          .set({ mails: messages.length })
          .where(
            sql`${classificationNotices.establishmentId} = ${establishment.id} and ${classificationNotices.classifiedOn} = ${establishment.classifiedOn}`,
          );
        return messages.length;
      });
      if (queued > 0) announced++;
      mails += queued;
    }
    if (mails > 0) {
      mailer.wake();
      log.info({ establishments: announced, mails }, 'classification lapse notices queued');
    }
    return { establishments: announced, mails };
  }

  const hourly = createHourlyCheck({
    everyMs: LAPSE_CHECK_MS,
    log,
    failure: 'classification lapse notices failed',
    work: runIfDue,
  });

  return {
    runIfDue,
    /** Checks now and then every hour (nothing when disabled). */
    start() {
      if (deps.enabled) hourly.start();
    },
    stop: hourly.stop,
  };
}

export type ClassificationLapseNotices = ReturnType<typeof createClassificationLapseNotices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The notices of classifications about to lapse (tests run them with `runIfDue()`). */
    classificationLapseNotices: ClassificationLapseNotices;
  }
}
