import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { providerPayload } from './helpers/people';

/**
 * A database error met while serving a request is logged with its SQL text, for whoever runs the server,
 * and never with the values the SQL carried: usernames, e-mails and names are personal data.
 */
const lines: string[] = [];
const t = useApp({
  env: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => lines.push(line) },
  sessions: ['admin'],
});

describe('logs of a failed query', () => {
  it('hold the SQL but none of its parameters', async () => {
    // A rule only the database knows: the insert passes every check of the app, then fails in PostgreSQL.
    await t.database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT users_refused_in_test CHECK (username NOT LIKE 'secret%')`),
    );
    const person = providerPayload({
      username: 'secretmarie',
      email: 'marie.confidentielle@example.test',
      lastname: 'Confidentielle',
      phone: '+33687654321',
    });
    lines.length = 0;
    const response = await t.call({
      method: 'POST',
      url: '/api/users',
      token: t.tokens.admin,
      payload: person,
    });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'internal_error' });
    expect(response.body).not.toMatch(/insert|secretmarie/i);
    const logged = lines.join('');
    expect(logged).toContain('unexpected error');
    expect(logged).toMatch(/insert into \\"users\\"/);
    for (const value of [person.username, person.email, person.lastname, '687654321']) {
      expect(logged).not.toContain(value);
    }
  });
});
