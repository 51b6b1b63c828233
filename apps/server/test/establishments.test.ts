import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createEstablishment, establishmentPayload } from './helpers/establishments';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });

const admin = () => t.tokens.admin;

function post(payload: Record<string, unknown>, token = admin()) {
  return t.call({ method: 'POST', url: '/api/establishments', token, payload });
}

describe('creating an establishment', () => {
  it('an admin creates one for a provider; the number is stored upper-case', async () => {
    const response = await post(establishmentPayload(t.users.host.id, { numero: '57463000777ab' }));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      userId: t.users.host.id,
      owner: { id: t.users.host.id },
      numero: '57463000777AB',
      type: 'HOTEL_3',
      image: null,
      declarationCount: 0,
    });
  });

  it('answers French messages on the right fields', async () => {
    const response = await post({
      name: '',
      capacityMaxRoom: -2,
      capacityMaxPerson: 1.5,
      cp: '570',
      type: 'CASTLE',
      numero: '123',
      userId: t.users.host.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      errors: {
        name: 'Veuillez compléter ce champ.',
        capacityMaxRoom: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
        capacityMaxPerson: 'Veuillez saisir un nombre entier.',
        cp: 'Le code postal doit comporter 5 chiffres.',
        type: 'Veuillez choisir un type dans la liste.',
        numero: 'Le numéro d’enregistrement comporte 13 caractères (vous en utilisez actuellement 3).',
      },
    });
  });

  it('empty type, capacities and number mean "not specified"', async () => {
    const response = await post(
      establishmentPayload(t.users.host.id, { type: '', numero: '', capacityMaxRoom: '', cp: '' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ type: null, numero: null, capacityMaxRoom: null, cp: null });
  });

  it('the owner must be a provider', async () => {
    for (const userId of [t.users.admin.id, 987654]) {
      const response = await post(establishmentPayload(userId));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ userId: 'Veuillez choisir un hébergeur.' });
    }
  });

  it('a host may not create one', async () => {
    expect((await post(establishmentPayload(t.users.host.id), t.tokens.host)).statusCode).toBe(403);
  });
});

describe('registration number', () => {
  it.each([
    ['Corsica 2A', '2A004123456X1'],
    ['Corsica 2B', '2b033123456zz'],
  ])('%s is accepted', async (_name, numero) => {
    const response = await post(establishmentPayload(t.users.host.id, { numero }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.numero).toBe(numero.toUpperCase());
  });

  it.each([
    ['too short', '5746300012AB', /actuellement 12/],
    ['too long', '57463000123ABC', /actuellement 14/],
    ['a bad INSEE code', '2C004123456X1', /code INSEE/],
  ])('%s is refused', async (_name, numero, message) => {
    const response = await post(establishmentPayload(t.users.host.id, { numero }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.numero).toMatch(message);
  });

  it('is unique whatever its case, on creation and on change', async () => {
    await createEstablishment(t, admin(), t.users.host.id, { numero: '57000111222CD' });
    const duplicate = await post(establishmentPayload(t.users.otherHost.id, { numero: '57000111222cd' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'numero_taken',
      errors: { numero: 'Ce numéro d’enregistrement est déjà celui d’un autre établissement.' },
    });
    const other = await createEstablishment(t, admin(), t.users.otherHost.id);
    const change = await t.call({
      method: 'PUT',
      url: `/api/establishments/${other.id}`,
      token: admin(),
      payload: { ...establishmentPayload(t.users.otherHost.id), numero: '57000111222cd' },
    });
    expect(change.json().code).toBe('numero_taken');
    // Keeping its own number is no conflict.
    const same = await t.call({
      method: 'PUT',
      url: `/api/establishments/${other.id}`,
      token: admin(),
      payload: { ...establishmentPayload(t.users.otherHost.id), numero: other.numero?.toLowerCase() },
    });
    expect(same.statusCode).toBe(200);
  });
});
