import { beforeAll, describe, expect, it } from 'vitest';
import { declarationFiles } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { expectError } from './helpers/pricings';
import { minimalOds, minimalXlsx, storedZip } from './helpers/zip';

const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
});

/** A minimal but real PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const dataUrl = (bytes: Buffer, type = 'application/pdf') =>
  `data:${type};base64,${bytes.toString('base64')}`;

async function draft(token = scene.tokens.hostA) {
  const hotel = await insertEstablishment(t, scene.ids.hostA);
  const created = await calls.create(token, {
    establishmentId: hotel.id,
    year: 2026,
    month: 2,
    nightsCount: 3,
  });
  return created.json().data.id as number;
}

function upload(id: number, body: object, token = scene.tokens.hostA) {
  return t.call({ method: 'POST', url: `/api/declarations/${id}/file`, payload: body, token });
}

describe('the residence register of a declaration', () => {
  it('keeps the original file name, serves it back to its host and to admins, and can be removed', async () => {
    const id = await draft();
    const attached = await upload(id, { base64: dataUrl(PDF), file: 'registre février 2026 – Hôtel’s.pdf' });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.filename).toBe('registre février 2026 – Hôtel’s.pdf');
    for (const token of [scene.tokens.hostA, scene.tokens.admin]) {
      const file = await t.call({ method: 'GET', url: `/api/declarations/${id}/file`, token });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('registre février 2026 – Hôtel’s.pdf')}`,
      );
      expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    }
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/declarations/${id}/file`,
      token: scene.tokens.hostA,
    });
    expect(removed.json().data.filename).toBeNull();
    expectError(
      await t.call({ method: 'GET', url: `/api/declarations/${id}/file`, token: scene.tokens.hostA }),
      404,
      'not_found',
    );
  });

  it('reads the type from the bytes: a PDF renamed .csv is a PDF, an image renamed .pdf is refused', async () => {
    const id = await draft();
    const renamed = await upload(id, { base64: dataUrl(PDF, 'text/csv'), file: 'registre.csv' });
    expect(renamed.statusCode).toBe(200);
    const stored = await t.call({
      method: 'GET',
      url: `/api/declarations/${id}/file`,
      token: scene.tokens.hostA,
    });
    expect(stored.headers['content-type']).toBe('application/pdf');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expectError(
      await upload(id, { base64: dataUrl(png), file: 'registre.pdf' }),
      415,
      'file_type_not_allowed',
    );
    const csv = await upload(id, {
      base64: dataUrl(Buffer.from('date;personnes;nuits\n2026-02-03;2;3\n'), 'text/plain'),
      file: 'registre.csv',
    });
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('accepts XLSX and ODS registers, recognised from their bytes, and refuses any other archive', async () => {
    const id = await draft();
    for (const [bytes, name, type] of [
      [minimalXlsx(), 'registre.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [minimalOds(), 'registre.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ] as const) {
      // The browser's declared type is not trusted: it says octet-stream.
      const attached = await upload(id, { base64: dataUrl(bytes, 'application/octet-stream'), file: name });
      expect(attached.statusCode, attached.body).toBe(200);
      expect(attached.json().data.filename).toBe(name);
      const stored = await t.call({
        method: 'GET',
        url: `/api/declarations/${id}/file`,
        token: scene.tokens.admin,
      });
      expect(stored.headers['content-type']).toBe(type);
      expect(Buffer.compare(stored.rawPayload, bytes)).toBe(0);
    }
    const plainZip = storedZip([{ name: 'registre.txt', content: 'date;nuits' }]);
    expectError(
      await upload(id, { base64: dataUrl(plainZip, 'application/zip'), file: 'registre.xlsx' }),
      415,
      'file_type_not_allowed',
    );
  });

  it('refuses a file over 10 MB with file_too_large, and keeps the previous one', async () => {
    const id = await draft();
    await upload(id, { base64: dataUrl(PDF), file: 'avant.pdf' });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await upload(id, { base64: dataUrl(big), file: 'gros.pdf' }), 413, 'file_too_large');
    expect((await calls.get(scene.tokens.hostA, id)).json().data.filename).toBe('avant.pdf');
  });

  it('is locked with the declaration for its host, and answers another host like a missing declaration', async () => {
    const id = await draft();
    await upload(id, { base64: dataUrl(PDF), file: 'registre.pdf' });
    await calls.done(scene.tokens.hostA, id);
    expectError(await upload(id, { base64: dataUrl(PDF), file: 'autre.pdf' }), 409, 'declaration_locked');
    expectError(
      await t.call({ method: 'DELETE', url: `/api/declarations/${id}/file`, token: scene.tokens.hostA }),
      409,
      'declaration_locked',
    );
    for (const answer of [
      await upload(id, { base64: dataUrl(PDF), file: 'x.pdf' }, scene.tokens.hostB),
      await t.call({ method: 'GET', url: `/api/declarations/${id}/file`, token: scene.tokens.hostB }),
      await t.call({ method: 'DELETE', url: `/api/declarations/${id}/file`, token: scene.tokens.hostB }),
    ]) {
      expectError(answer, 404, 'not_found');
    }
    // Deleting the declaration deletes its register.
    await calls.reopen(scene.tokens.admin, id);
    await calls.remove(scene.tokens.hostA, id);
    const files = await t.database.db.select().from(declarationFiles);
    expect(files.some((f) => f.declarationId === id)).toBe(false);
  });
});
