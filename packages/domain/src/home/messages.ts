import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/** Who sees an announcement on Home. */
export const MESSAGE_AUDIENCES = ['everyone', 'hosts', 'admins'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_BODY_MAX = 5000;

/** An optional date of a form: `''` and `null` both mean none. */
const optionalDate = z
  .union([z.literal(''), z.null(), isoDateSchema])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * What an admin writes. The body is plain text (line breaks kept, links recognised by the web): it is never
 * interpreted as HTML. The expiry, when given, is on or after the publication.
 */
export const messagePayloadSchema = z
  .object({
    title: text({ max: MESSAGE_TITLE_MAX }),
    body: text({ max: MESSAGE_BODY_MAX }),
    audience: z.enum(MESSAGE_AUDIENCES, { error: m.required() }),
    publishAt: optionalDate,
    expiresAt: optionalDate,
  })
  .superRefine((value, ctx) => {
    if (value.publishAt && value.expiresAt && value.expiresAt < value.publishAt)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: m.dateNotBefore('date de publication'),
      });
  });
export type MessagePayload = z.output<typeof messagePayloadSchema>;
export type MessagePayloadInput = z.input<typeof messagePayloadSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  publishAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.output<typeof messageSchema>;

/** The audiences a role reads: hosts read `everyone` and `hosts`, admins `everyone` and `admins`. */
export function audiencesOf(role: 'host' | 'admin' | 'superadmin'): MessageAudience[] {
  return role === 'host' ? ['everyone', 'hosts'] : ['everyone', 'admins'];
}

/** Shown today: published (no date, or on or before today) and not expired (no date, or today or after). */
export function isMessageCurrent(
  message: { publishAt: string | null; expiresAt: string | null },
  today: string,
): boolean {
  return (
    (!message.publishAt || message.publishAt <= today) && (!message.expiresAt || message.expiresAt >= today)
  );
}

/**
 * The pieces of a message's text, for display as text: links (http, https) apart, so the web can make them
 * links, everything else as is. Nothing is ever parsed as markup.
 */
export function linkify(body: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const pattern = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'»]/g;
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: body.slice(last, index) });
    parts.push({ text: match[0], href: match[0] });
    last = index + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
