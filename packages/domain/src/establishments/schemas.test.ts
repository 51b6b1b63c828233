import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import {
  establishmentListQuerySchema,
  establishmentPayloadSchema,
  HOST_EDITABLE_FIELDS,
  HOST_READ_ONLY_FIELDS,
  numeroField,
} from './schemas';

const valid = { name: 'Gîte du Lac', userId: 3 };

function errorsOf(input: Record<string, unknown>) {
  const result = establishmentPayloadSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

describe('establishment payload', () => {
  it('needs a name and an owner; everything else may be empty', () => {
    const parsed = establishmentPayloadSchema.parse({ ...valid, address: '', cp: '', type: '', numero: '' });
    expect(parsed).toMatchObject({ name: 'Gîte du Lac', address: null, cp: null, type: null, numero: null });
    expect(parsed.capacityMaxRoom).toBeNull();
    expect(errorsOf({ name: '  ' })).toEqual({
      name: 'Veuillez compléter ce champ.',
      userId: 'Veuillez choisir un hébergeur.',
    });
  });

  it('capacities are whole numbers ≥ 0, on their own field', () => {
    expect(
      establishmentPayloadSchema.parse({ ...valid, capacityMaxRoom: 0, capacityMaxPerson: '' }),
    ).toMatchObject({
      capacityMaxRoom: 0,
      capacityMaxPerson: null,
    });
    expect(errorsOf({ ...valid, capacityMaxRoom: -1 })).toEqual({
      capacityMaxRoom: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
    });
    expect(errorsOf({ ...valid, capacityMaxPerson: 2.5 })).toEqual({
      capacityMaxPerson: 'Veuillez saisir un nombre entier.',
    });
    expect(errorsOf({ ...valid, capacityMaxPerson: 'abc' })).toHaveProperty('capacityMaxPerson');
  });

  it('postal code: 5 digits', () => {
    expect(errorsOf({ ...valid, cp: '5700' })).toEqual({ cp: 'Le code postal doit comporter 5 chiffres.' });
  });

  it('type: one of the nine, or not specified', () => {
    expect(establishmentPayloadSchema.parse({ ...valid, type: 'HOTEL_3' }).type).toBe('HOTEL_3');
    expect(establishmentPayloadSchema.parse({ ...valid, type: null }).type).toBeNull();
    expect(errorsOf({ ...valid, type: 'HOTEL_6' })).toEqual({
      type: 'Veuillez choisir un type dans la liste.',
    });
  });
});

describe('registration number', () => {
  it.each([
    ['57463000123AB', '57463000123AB'],
    ['57463000123ab', '57463000123AB'],
    [' 57463 000123 ab ', '57463000123AB'],
    ['2A004000001X9', '2A004000001X9'],
    ['2b033123456zz', '2B033123456ZZ'],
  ])('%s is valid, stored as %s', (input, stored) => {
    expect(numeroField.parse(input)).toBe(stored);
  });

  it.each([
    ['5746300012AB', /13 caractères \(vous en utilisez actuellement 12\)/],
    ['57463000123ABC', /vous en utilisez actuellement 14/],
    ['2C004000001X9', /code INSEE/],
    ['57463000A23AB', /code INSEE/],
    ['57463000123A-', /code INSEE/],
  ])('%s is refused on its field', (input, message) => {
    expect(errorsOf({ ...valid, numero: input }).numero).toMatch(message);
  });
});

describe('host rules', () => {
  it('a host changes the description and the image only', () => {
    expect(HOST_EDITABLE_FIELDS).toEqual(['description', 'image']);
    expect(HOST_READ_ONLY_FIELDS).toContain('name');
    expect(HOST_READ_ONLY_FIELDS).toContain('userId');
    expect(HOST_READ_ONLY_FIELDS).not.toContain('description');
  });
});

describe('list query', () => {
  it('reads filters and sort', () => {
    expect(
      establishmentListQuerySchema.parse({
        type: 'unset',
        hasNumero: 'true',
        sort: 'name:desc',
        userId: '4',
      }),
    ).toMatchObject({
      type: 'unset',
      hasNumero: true,
      userId: 4,
      sort: [{ field: 'name', direction: 'desc' }],
      limit: 10,
      offset: 0,
    });
    expect(establishmentListQuerySchema.safeParse({ sort: 'password:asc' }).success).toBe(false);
    expect(establishmentListQuerySchema.safeParse({ type: 'HOTEL_9' }).success).toBe(false);
  });
});
