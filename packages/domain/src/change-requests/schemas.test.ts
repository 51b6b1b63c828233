import { describe, expect, it } from 'vitest';
import {
  CHANGE_REQUEST_FIELDS,
  changesAnything,
  changeValueLabel,
  changeValuesOf,
  establishmentChangeRequestSchema,
  providerChangeRequestSchema,
  refuseChangeRequestSchema,
} from './schemas';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('establishment change requests', () => {
  it('reads an address request, the effective date empty meaning « today »', () => {
    const parsed = establishmentChangeRequestSchema.parse({
      kind: 'establishment_address',
      address: ' 2 place Saint-Louis ',
      cp: '57000',
      city: 'Metz',
      effectiveOn: '',
    });
    expect(parsed).toMatchObject({
      address: '2 place Saint-Louis',
      cp: '57000',
      city: 'Metz',
      effectiveOn: null,
    });
    expect(changeValuesOf(parsed.kind, parsed)).toEqual({
      address: '2 place Saint-Louis',
      cp: '57000',
      city: 'Metz',
    });
  });

  it('asks what is to change', () => {
    expect(errorsOf(establishmentChangeRequestSchema.safeParse({ kind: '' }))).toEqual({
      kind: 'Veuillez choisir ce que vous souhaitez modifier.',
    });
  });

  it('refuses a bad postal code, a negative capacity and an effective date out of range', () => {
    expect(
      errorsOf(establishmentChangeRequestSchema.safeParse({ kind: 'establishment_address', cp: '570' })),
    ).toHaveProperty('cp');
    expect(
      errorsOf(
        establishmentChangeRequestSchema.safeParse({ kind: 'establishment_capacity', capacityMaxRoom: -1 }),
      ),
    ).toHaveProperty('capacityMaxRoom');
    expect(
      errorsOf(
        establishmentChangeRequestSchema.safeParse({
          kind: 'establishment_capacity',
          effectiveOn: '1850-01-01',
        }),
      ),
    ).toEqual({ effectiveOn: 'La date d’effet doit être comprise entre le 01/01/1900 et le 31/12/2100.' });
  });

  it('a classification names a nature, with the stars and decision date that nature allows', () => {
    expect(
      errorsOf(establishmentChangeRequestSchema.safeParse({ kind: 'establishment_classification' })),
    ).toEqual({
      nature: 'Veuillez choisir la nature de l’hébergement.',
    });
    expect(
      errorsOf(
        establishmentChangeRequestSchema.safeParse({
          kind: 'establishment_classification',
          nature: 'PALACE',
          stars: 3,
        }),
      ),
    ).toHaveProperty('stars');
    const ok = establishmentChangeRequestSchema.parse({
      kind: 'establishment_classification',
      nature: 'HOTEL',
      stars: '4',
      classifiedOn: '2026-02-01',
    });
    expect(changeValuesOf(ok.kind, ok)).toEqual({ nature: 'HOTEL', stars: 4, classifiedOn: '2026-02-01' });
  });

  it('keeps only the fields of the kind asked for', () => {
    const parsed = establishmentChangeRequestSchema.parse({
      kind: 'establishment_capacity',
      capacityMaxRoom: 4,
      address: 'ignored',
    });
    expect(Object.keys(changeValuesOf(parsed.kind, parsed))).toEqual([
      ...CHANGE_REQUEST_FIELDS.establishment_capacity,
    ]);
  });
});

describe('provider change requests', () => {
  it('reads a company name and a SIRET written with spaces', () => {
    expect(
      providerChangeRequestSchema.parse({ company: 'SARL Mirabelle', siret: '732 829 320 00074' }),
    ).toEqual({
      company: 'SARL Mirabelle',
      siret: '73282932000074',
      effectiveOn: null,
    });
  });

  it('refuses a SIRET whose key is wrong', () => {
    expect(errorsOf(providerChangeRequestSchema.safeParse({ siret: '73282932000075' }))).toHaveProperty(
      'siret',
    );
  });
});

describe('decisions and display', () => {
  it('a refusal needs its reason', () => {
    expect(errorsOf(refuseChangeRequestSchema.safeParse({ reason: '  ' }))).toEqual({
      reason: 'Veuillez compléter ce champ.',
    });
  });

  it('a request changes something only when a value differs', () => {
    expect(changesAnything({ cp: '57000', city: 'Metz' }, { cp: '57000', city: 'Metz' })).toBe(false);
    expect(changesAnything({ cp: '57000', city: null }, { cp: '57000', city: 'Metz' })).toBe(true);
  });

  it('shows values in French', () => {
    expect(changeValueLabel('nature', 'HOTEL', { stars: 4 })).toMatch(/4 étoiles/);
    expect(changeValueLabel('classifiedOn', '2026-02-01')).toBe('01/02/2026');
    expect(changeValueLabel('city', null)).toBe('—');
  });
});
