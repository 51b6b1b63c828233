import { describe, expect, it } from 'vitest';
import { providerPayloadSchema } from '../providers/schemas';
import { USERNAME_SIGNS, updateSelfRequestSchema } from './schemas';

const messageFor = (username: string) =>
  updateSelfRequestSchema.safeParse({ username, email: 'camille@exemple.fr' }).error?.issues[0]?.message;

describe('username rule', () => {
  it('accepts letters (accented too), digits and its signs', () => {
    for (const username of ['camille', 'Élodie_34', 'jean.dupont@mairie-metz.fr', 'ÅSA-9'])
      expect(messageFor(username)).toBeUndefined();
  });

  it('names what is allowed when it refuses a character', () => {
    const message =
      'Le nom d’utilisateur ne peut contenir que des lettres, des chiffres et les signes « . », « _ », « @ » et « - », sans espace.';
    for (const username of ['jean dupont', 'a/b', 'moi!', 'ab]c', 'a\\b', 'x^y'])
      expect(messageFor(username)?.replaceAll('\u00a0', ' ')).toBe(message);
    for (const sign of USERNAME_SIGNS) expect(message).toContain(`« ${sign} »`);
  });

  it('says the same on the admins’ provider form', () => {
    const parsed = providerPayloadSchema.safeParse({ username: 'jean dupont' });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'username');
    expect(issue?.message).toMatch(/^Le nom d’utilisateur ne peut contenir que des lettres/);
  });
});
