import { describe, expect, it } from 'vitest';
import { collectivitySettingsSchema, DEFAULT_COLLECTIVITY_SETTINGS } from '../settings/schemas';
import { reportPayloadSchema } from './schemas';

/** The SIRET as each form's schema reads it: the value kept, or the message of its error. */
function inSettings(siret: string) {
  const result = collectivitySettingsSchema.safeParse({ ...DEFAULT_COLLECTIVITY_SETTINGS, siret });
  return result.success ? result.data.siret : result.error.issues[0]!.message;
}

function inPublicForm(siret: string) {
  const result = reportPayloadSchema.safeParse({
    kind: 'pro',
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'c@exemple.test',
    company: 'SARL du Lac',
    siret,
    name: 'Hôtel du Lac',
    address: '1 rue du Lac',
    cp: '57170',
    city: 'Château-Salins',
    type: 'HOTEL_3',
    openingDate: '2026-01-01',
    companySameAddress: true,
    consent: true,
  });
  if (result.success) return result.data.siret;
  return result.error.issues.find((issue) => issue.path[0] === 'siret')?.message;
}

describe('the SIRET rule', () => {
  it.each(['73282932000074', '732 829 320 00074', ' 732\u00a0829\u202f320 00074 ', '7328 2932 0000 74'])(
    'keeps %j as its 14 digits in Paramètres and in the public form alike',
    (typed) => {
      expect(inSettings(typed)).toBe('73282932000074');
      expect(inPublicForm(typed)).toBe('73282932000074');
    },
  );

  it.each(['12', '732 829 320 0007', '73282932000075', '7328293200007A'])(
    'refuses %j in both with the same message',
    (typed) => {
      const message = inSettings(typed);
      expect(message).toMatch(/SIRET/);
      expect(inPublicForm(typed)).toBe(message);
    },
  );

  it('leaves the collectivity’s SIRET optional', () => {
    expect(inSettings('')).toBe('');
    expect(inSettings('   ')).toBe('');
  });
});
