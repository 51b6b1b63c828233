import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_TTL_HOURS } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { recordPersonChange } from '../audit/people';
import type { Database, Executor } from '../db/database';
import { emailChanges, type UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { emailTaken, writeIdentity } from '../identity/availability';
import { createUsersRepository } from '../identity/repository';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { render } from '../mail/templates';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';

/** Confirmations tried per client address: a token cannot be guessed by trying many. */
export const CONFIRM_EMAIL_IP_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

export interface EmailChangeDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  collectivityName: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A new e-mail address of one's own account applies only once confirmed through the link mailed to it
 * (decision 0150): it is the login and where the password links go, so a typo must not lock the account
 * out, nor may someone else's session redirect it.
 */
export function createEmailChangeService(deps: EmailChangeDeps) {
  const { db, now, mailer } = deps;

  return {
    /**
     * Records the new address (replacing an earlier ask) and queues the link to it, in `tx`. An address that is
     * already the account's clears the ask; one of another account is refused (`email_taken`).
     */
    async ask(tx: Executor, user: UserRow, email: string): Promise<string | null> {
      if (sameAddress(email, user.email)) {
        await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
        return null;
      }
      const conflicts = await createUsersRepository(tx).findConflicts(user.username, email, user.id);
      if (conflicts.email) throw emailTaken();
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const values = {
        email,
        tokenHash: hashOf(token),
        expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000),
        createdAt: at,
      };
      await tx
        .insert(emailChanges)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: emailChanges.userId, set: values });
      const link = `${deps.publicUrl}/confirm-email?token=${token}`;
      const name = addresseeName(user);
      const content = render({
        collectivity: deps.collectivityName,
        name,
        username: user.username,
        link,
        subject: `Confirmez votre nouvelle adresse e-mail – ${deps.collectivityName}`,
        paragraphs: [
          `Vous avez demandé que les messages de votre compte Séjour (identifiant : ${user.username}) soient envoyés à cette adresse.`,
          `Pour la confirmer, suivez ce lien. Il est valable ${EMAIL_CHANGE_TTL_HOURS} heures ; d’ici là, votre adresse actuelle reste celle du compte.`,
        ],
        button: 'Confirmer cette adresse',
        after: ['Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne changera.'],
      });
      await mailer.send({ to: email, ...content, meta: { kind: 'email_change', userId: user.id }, link }, tx);
      return email;
    },

    /** The address waiting for its confirmation, if its link still works. */
    async pending(userId: number): Promise<string | null> {
      const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId)).limit(1);
      return row && row.expiresAt > now() ? row.email : null;
    },

    /** The link's token: the account's address becomes the new one (links sent to the old one die). */
    async confirm(token: string, ip: string): Promise<{ email: string }> {
      if (!(await deps.limiter.reserve(`confirm-email:ip:${ip}`, CONFIRM_EMAIL_IP_LIMIT)))
        throw new AppError('rate_limited');
      const [ask] = await db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.tokenHash, hashOf(token)))
        .limit(1);
      if (!ask) throw new AppError('link_invalid');
      if (ask.expiresAt <= now()) throw new AppError('link_expired');
      const users = createUsersRepository(db);
      const current = await users.findById(ask.userId);
      if (!current) throw new AppError('link_invalid');
      await writeIdentity(db, { username: current.username, email: ask.email }, current.id, async (tx) => {
        const done = await tx
          .delete(emailChanges)
          .where(eq(emailChanges.tokenHash, ask.tokenHash))
          .returning({ userId: emailChanges.userId });
        // Two uses of one link at once: the second finds it spent.
        if (done.length === 0) throw new AppError('link_invalid');
        const row = await createUsersRepository(tx).update(current.id, { email: ask.email });
        if (row) {
          const actor = { id: row.id, username: row.username, role: row.role, ip };
          await recordPersonChange(tx, actor, 'update', current, row);
        }
      });
      return { email: ask.email };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
