import type { Logger } from 'drizzle-orm';

/** A statement as the product sent it to the database: the very same text and parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements of the request being recorded, if one is. */
let recording: Statement[] | undefined;

/**
 * The bench's databases are opened with this logger (drizzle tells it every statement it runs, with its
 * values, whichever driver and however the statement is sent: a named statement on PGlite goes by the
 * protocol, not by the client's `query`).
 */
export const statementRecorder: Logger = {
  logQuery(sql, params) {
    recording?.push({ sql, params });
  },
};

/** Recordings of a request: its own statements are the same each time, a background job's are not. */
const RECORDINGS = 3;

/**
 * Runs `request` a few times (it must bear repeating: a read, a login) and returns the statements the product
 * sent meanwhile (in order), so that a bare baseline can replay exactly the product's SQL. The logger hears the
 * whole process: a background job (the mail queue's poll) may run during one recording, so the shortest
 * recording is kept. The database must have been opened with `statementRecorder`.
 */
export async function recordStatements(request: () => Promise<unknown>): Promise<Statement[]> {
  let shortest: Statement[] | undefined;
  for (let attempt = 0; attempt < RECORDINGS; attempt++) {
    const seen: Statement[] = [];
    recording = seen;
    try {
      await request();
    } finally {
      recording = undefined;
    }
    if (!shortest || seen.length < shortest.length) shortest = seen;
  }
  if (!shortest?.length) throw new Error('no statement recorded: open the database with statementRecorder');
  return shortest;
}
