import type { APIRequestContext, APIResponse } from '@playwright/test';
import { type AuditAction, type AuditEntity, auditActionLabels } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { ACCOUNTS, expect, loginAs, test } from './support/fixtures';

/**
 * Every kind of change the Journal records, made here through the API — a provider created, archived and
 * restored; an establishment created, edited, given a photo and deleted; a declaration created, edited, given
 * its register, marked done and reopened; a pricing created and deleted — is listed in the Journal, under its
 * kind and action, with the name of what changed. The test makes all it checks: it passes alone and in any order.
 */
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const auth = (token: string) => ({ headers: { Authorization: token } });
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORwzEcQAkkhVBwsOfNAAAAABJRU5ErkJggg==';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

/** The answer's data, once its status is the one expected. */
async function data<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()).data as T;
}

async function token(request: APIRequestContext, who: 'admin' | 'host'): Promise<string> {
  const { username, password } = ACCOUNTS[who];
  return data<string>(await request.post('/api/users/login', { data: { username, password } }));
}

/** A one-month pricing in a month of 2024 no other pricing covers (the bounds of 2024 ship with the product). */
async function createFreePricing(request: APIRequestContext, admin: string) {
  for (let month = 1; month <= 12; month++) {
    const begin = `2024-${String(month).padStart(2, '0')}-01`;
    const response = await request.post('/api/pricings', {
      ...auth(admin),
      data: lawfulPricingPayload({ beginDate: begin, endDate: begin.replace(/01$/, '28') }),
    });
    if (response.status() === 201) return (await response.json()).data as { id: number };
    expect((await response.json()).code).toBe('pricing_overlap');
  }
  throw new Error('every month of 2024 already has a pricing');
}

/** The label the Journal shows for each change made below, by kind and action. */
const expected: Array<{ entity: AuditEntity; action: AuditAction; label: string }> = [];

test.beforeAll(async ({ request }) => {
  const admin = await token(request, 'admin');
  const host = await token(request, 'host');
  const recorded = (entity: AuditEntity, actions: AuditAction[], label: string) => {
    for (const action of actions) expected.push({ entity, action, label });
  };

  const username = `audit${run}`;
  const provider = await data<{ id: number }>(
    await request.post('/api/users', {
      ...auth(admin),
      data: {
        username,
        email: `${username}@example.test`,
        firstname: 'Aude',
        lastname: 'Journal',
        company: 'Gîtes du Journal',
        phone: '+33612345678',
        address: '1 rue des Lilas',
        city: 'Metz',
        cp: '57000',
      },
    }),
    201,
  );
  await data(await request.post(`/api/users/${provider.id}/archive`, auth(admin)));
  await data(await request.post(`/api/users/${provider.id}/restore`, auth(admin)));
  // Archived again, out of the other tests' lists; the Journal keeps all three.
  await data(await request.post(`/api/users/${provider.id}/archive`, auth(admin)));
  recorded('provider', ['create', 'archive', 'restore'], username);

  const hosts = await data<Array<{ id: number; username: string }>>(
    await request.get(`/api/users?q=${ACCOUNTS.host.username}`, auth(admin)),
  );
  const hostId = hosts.find((u) => u.username === ACCOUNTS.host.username)?.id;
  const name = `Gîte de l’audit ${run}`;
  const establishment = await data<Record<string, unknown> & { id: number }>(
    await request.post('/api/establishments', {
      ...auth(admin),
      data: { name, type: 'HOTEL_2', capacityMaxPerson: 6, city: 'Metz', cp: '57000', userId: hostId },
    }),
    201,
  );
  await data(
    await request.put(`/api/establishments/${establishment.id}`, {
      ...auth(admin),
      data: { name, type: 'HOTEL_2', capacityMaxPerson: 6, city: 'Thionville', cp: '57100', userId: hostId },
    }),
  );
  await data(
    await request.post(`/api/establishments/${establishment.id}/image`, {
      ...auth(host),
      data: { base64: `data:image/png;base64,${TINY_PNG}`, file: 'facade.png' },
    }),
  );

  // A pricing covering June 2025 for the declaration; made here (and removed below) if there is none.
  const covering = await request.get('/api/pricings/in-force?year=2025&month=6', auth(admin));
  const junePricing =
    covering.status() === 200
      ? undefined
      : await data<{ id: number }>(
          await request.post('/api/pricings', {
            ...auth(admin),
            data: lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' }),
          }),
          201,
        );
  const declaration = await data<{ id: number }>(
    await request.post('/api/declarations', {
      ...auth(host),
      data: { establishmentId: establishment.id, year: 2025, month: 6, personCount: 2, nightsCount: 6 },
    }),
    201,
  );
  await data(
    await request.put(`/api/declarations/${declaration.id}`, { ...auth(host), data: { nightsCount: 8 } }),
  );
  await data(
    await request.post(`/api/declarations/${declaration.id}/file`, {
      ...auth(host),
      data: { base64: `data:application/pdf;base64,${PDF}`, file: 'registre.pdf' },
    }),
  );
  await data(await request.post(`/api/declarations/${declaration.id}/done`, { ...auth(host), data: {} }));
  await data(await request.post(`/api/declarations/${declaration.id}/reopen`, { ...auth(admin), data: {} }));
  recorded('declaration', ['create', 'update', 'file_attach', 'done', 'reopen'], `${name} — juin 2025`);

  // Deleted with its declaration: the other tests find the host as they left it.
  await data(await request.delete(`/api/establishments/${establishment.id}`, auth(admin)));
  recorded('establishment', ['create', 'update', 'image_upload', 'delete'], name);
  if (junePricing) await data(await request.delete(`/api/pricings/${junePricing.id}`, auth(admin)));

  const pricing = await createFreePricing(request, admin);
  const detail = await data<{ beginDate: string; endDate: string }>(
    await request.get(`/api/pricings/${pricing.id}`, auth(admin)),
  );
  await data(await request.delete(`/api/pricings/${pricing.id}`, auth(admin)));
  const day = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  recorded('pricing', ['create', 'delete'], `${day(detail.beginDate)} – ${day(detail.endDate)}`);
});

test('the Journal lists every kind of change, under its kind and action, with what changed', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, 'admin');
  for (const { entity, action, label } of expected) {
    await page.goto(`/journal?entity=${entity}&action=${action}`);
    const row = page.getByRole('row').filter({ hasText: label }).first();
    await expect(row, `${entity} ${action}`).toContainText(auditActionLabels[action]);
  }
});
