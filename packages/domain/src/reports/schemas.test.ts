import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { isValidSiret, reportContentOf, reportPayloadSchema } from './schemas';

const base = {
  kind: 'individual',
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'camille@exemple.test',
  name: 'Gîte des Mirabelles',
  address: '3 rue de l’Église',
  cp: '57170',
  city: 'Château-Salins',
  type: 'NONE',
  openingDate: '2026-04-01',
  consent: true,
} as const;

function errorsOf(input: unknown) {
  const result = reportPayloadSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

describe('isValidSiret', () => {
  it('accepts real SIRETs and refuses a changed digit', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
  });

  it('any single digit changed breaks the key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const digits = [...'73282932000074'].map(Number);
        digits[position] = ((digits[position] ?? 0) + shift) % 10;
        return !isValidSiret(digits.join(''));
      }),
    );
  });
});

describe('reportPayloadSchema', () => {
  it('accepts an individual’s report and keeps neither consent nor honeypot in the content', () => {
    const parsed = reportPayloadSchema.parse({ ...base, numero: '57001 123456 ab' });
    expect(parsed.numero).toBe('57001123456AB');
    expect(parsed.website).toBe('');
    const content = reportContentOf(parsed);
    expect(content).not.toHaveProperty('consent');
    expect(content).not.toHaveProperty('website');
  });

  it('asks for consent, a type of the list, and the establishments’ registration number format', () => {
    expect(errorsOf({ ...base, consent: false, type: 'CHATEAU', numero: '57001123456A' })).toMatchObject({
      consent: 'Veuillez cocher cette case pour envoyer votre demande.',
      type: 'Veuillez choisir un type dans la liste.',
      numero: expect.stringMatching(/13 caractères/),
    });
  });

  it('a professional gives a company and a SIRET', () => {
    expect(errorsOf({ ...base, kind: 'pro' })).toEqual({
      company: 'Veuillez compléter ce champ.',
      siret: 'Veuillez compléter ce champ.',
    });
    expect(errorsOf({ ...base, kind: 'pro', company: 'SARL', siret: '732 829 320 00074' })).toEqual({});
    expect(errorsOf({ ...base, kind: 'pro', company: 'SARL', siret: '7328' }).siret).toMatch(/14 chiffres/);
  });
});
