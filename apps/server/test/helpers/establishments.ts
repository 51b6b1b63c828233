import type { EstablishmentDetail } from '@sejour/domain';
import type { TestApp } from './test-app';

let sequence = 0;

/** A valid establishment payload for `userId`, with a registration number unique at each call. */
export function establishmentPayload(userId: number, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Gîte ${sequence}`,
    capacityMaxRoom: 3,
    capacityMaxPerson: 6,
    address: '1 rue du Lac',
    city: 'Metz',
    cp: '57000',
    type: 'HOTEL_3',
    typePrecision: 'Meublé de tourisme 3★',
    description: 'Au bord du lac.',
    numero: `57463${String(100000 + sequence).padStart(6, '0')}AB`,
    userId,
    ...overrides,
  };
}

/** Creates an establishment through the API as an admin. */
export async function createEstablishment(
  t: TestApp,
  adminToken: string,
  userId: number,
  overrides: Record<string, unknown> = {},
): Promise<EstablishmentDetail> {
  const response = await t.call({
    method: 'POST',
    url: '/api/establishments',
    token: adminToken,
    payload: establishmentPayload(userId, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data;
}
