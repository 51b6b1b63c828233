import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';

/** Answers made before any route runs are the envelope with a French message too. */

const t = useApp({ sessions: ['admin'] });
describe('answers outside the routes', () => {
  it('a path parameter too long: 414 with the envelope', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/users/${'9'.repeat(500)}`,
      token: t.tokens.admin,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      success: false,
      code: 'validation_error',
      message: 'L’adresse demandée est trop longue.',
    });
  });

  it('a URL over 16 KB: 431 with the envelope, over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/users?q=${'x'.repeat(20_000)}` }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'validation_error',
      message: 'Les en-têtes de la requête sont trop volumineux.',
    });
  });

  it('an offset beyond any integer gets a French message that names the bound', async () => {
    const response = await t.call({ method: 'GET', url: '/api/users?offset=1e20', token: t.tokens.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.offset).toBe(
      'Veuillez sélectionner une valeur inférieure ou égale à 2147483647.',
    );
  });
});
