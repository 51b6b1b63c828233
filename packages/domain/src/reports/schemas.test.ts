import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { isValidSiret, reportContentOf, reportPayloadSchema, reportProviderAddress } from './schemas';

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
    expect(errorsOf({ ...base, kind: 'pro', companySameAddress: true })).toEqual({
      company: 'Veuillez compléter ce champ.',
      siret: 'Veuillez compléter ce champ.',
    });
    expect(
      errorsOf({
        ...base,
        kind: 'pro',
        company: 'SARL',
        siret: '732 829 320 00074',
        companySameAddress: true,
      }),
    ).toEqual({});
    expect(errorsOf({ ...base, kind: 'pro', company: 'SARL', siret: '7328' }).siret).toMatch(/14 chiffres/);
  });

  const pro = { ...base, kind: 'pro', company: 'SARL Les Étangs', siret: '73282932000074' } as const;

  it('a professional gives the company’s postal address, each part of it', () => {
    expect(errorsOf(pro)).toEqual({
      companyAddress: 'Indiquez l’adresse de la société, ou cochez « Même adresse que l’établissement ».',
      companyCp: 'Veuillez compléter ce champ.',
      companyCity: 'Veuillez compléter ce champ.',
    });
    expect(errorsOf({ ...pro, companyAddress: '8 rue Haute', companyCity: 'Metz' })).toEqual({
      companyCp: 'Veuillez compléter ce champ.',
    });
    expect(
      errorsOf({ ...pro, companyAddress: '8 rue Haute', companyCp: '5700', companyCity: 'Metz' }).companyCp,
    ).toBe('Le code postal doit comporter 5 chiffres.');
    const parsed = reportPayloadSchema.parse({
      ...pro,
      companyAddress: ' 8 rue Haute ',
      companyCp: '57000',
      companyCity: 'Metz',
    });
    expect(reportProviderAddress(reportContentOf(parsed))).toEqual({
      address: '8 rue Haute',
      cp: '57000',
      city: 'Metz',
    });
  });

  it('"same as the establishment" gives the company the establishment’s address, whatever was typed', () => {
    const parsed = reportPayloadSchema.parse({
      ...pro,
      companySameAddress: true,
      companyAddress: 'ignorée',
      companyCp: '',
    });
    expect(reportProviderAddress(reportContentOf(parsed))).toEqual({
      address: base.address,
      cp: base.cp,
      city: base.city,
    });
  });

  it('an individual’s report carries no company address', () => {
    const parsed = reportPayloadSchema.parse({
      ...base,
      companyAddress: '8 rue Haute',
      companySameAddress: true,
    });
    expect(reportProviderAddress(reportContentOf(parsed))).toEqual({ address: null, cp: null, city: null });
  });
});
