import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audiencesOf, isMessageCurrent, linkify, messagePayloadSchema } from './messages';

describe('messages', () => {
  it('hosts read everyone’s and hosts’ messages; admins everyone’s and admins’', () => {
    expect(audiencesOf('host')).toEqual(['everyone', 'hosts']);
    expect(audiencesOf('admin')).toEqual(['everyone', 'admins']);
    expect(audiencesOf('superadmin')).toEqual(['everyone', 'admins']);
  });

  it('is current from its publication day to its expiry day, both included', () => {
    const message = { publishAt: '2026-03-10', expiresAt: '2026-03-20' };
    expect(isMessageCurrent(message, '2026-03-09')).toBe(false);
    expect(isMessageCurrent(message, '2026-03-10')).toBe(true);
    expect(isMessageCurrent(message, '2026-03-20')).toBe(true);
    expect(isMessageCurrent(message, '2026-03-21')).toBe(false);
    expect(isMessageCurrent({ publishAt: null, expiresAt: null }, '1999-01-01')).toBe(true);
  });

  it('the payload: empty dates mean none; an expiry before the publication is refused', () => {
    const base = { title: ' Titre ', body: 'Texte', audience: 'hosts' };
    expect(messagePayloadSchema.parse({ ...base, publishAt: '', expiresAt: null })).toEqual({
      title: 'Titre',
      body: 'Texte',
      audience: 'hosts',
      publishAt: null,
      expiresAt: null,
    });
    const refused = messagePayloadSchema.safeParse({
      ...base,
      publishAt: '2026-04-02',
      expiresAt: '2026-04-01',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['expiresAt']);
    expect(messagePayloadSchema.safeParse({ ...base, audience: 'all' }).success).toBe(false);
  });

  it('linkify: http(s) addresses become links, the rest stays text, and the pieces rebuild the text', () => {
    expect(linkify('Voir https://example.fr/taxe. Merci')).toEqual([
      { text: 'Voir ' },
      { text: 'https://example.fr/taxe', href: 'https://example.fr/taxe' },
      { text: '. Merci' },
    ]);
    expect(linkify('<a href="javascript:alert(1)">x</a>').every((p) => p.href === undefined)).toBe(true);
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parts = linkify(text);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        for (const p of parts) if (p.href) expect(p.href).toMatch(/^https?:\/\//);
      }),
    );
  });
});
