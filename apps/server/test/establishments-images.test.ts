import { deflateSync } from 'node:zlib';
import {
  errorCatalogue,
  establishmentsApi,
  FILE_RULES,
  fileMessages,
  pathOf,
  type RouteContract,
} from '@sejour/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createEstablishment } from './helpers/establishments';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });
let mine: number;
let theirs: number;

beforeAll(async () => {
  mine = (await createEstablishment(t, t.tokens.admin, t.users.host.id)).id;
  theirs = (await createEstablishment(t, t.tokens.admin, t.users.otherHost.id)).id;
});

/** A phone photo: a large JPEG whose EXIF names the camera and a GPS position. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '49/1 7/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '6/1 10/1 0/1',
      },
    })
    .toBuffer();
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

function upload(id: number, body: { base64: string; file: string }, token = t.tokens.host) {
  return t.call({ method: 'POST', url: `/api/establishments/${id}/image`, token, payload: body });
}

/** The EXIF GPS IFD pointer tag (0x8825), in either byte order. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black PNG of 1-bit grey: a few kilobytes on the wire whatever its size in pixels. */
function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Math.ceil(width / 8) + 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an image of too many pixels', () => {
  it('a small PNG of 10 000 × 10 000 px is refused as too large, with its own code and French message', async () => {
    const png = blankPng(10_000, 10_000);
    expect(png.length).toBeLessThan(FILE_RULES.image.maxBytes);
    const before = await t.call({
      method: 'GET',
      url: `/api/establishments/${mine}`,
      token: t.tokens.host,
    });
    const response = await upload(mine, { base64: dataUrl('image/png', png), file: 'immense.png' });
    expect(response.statusCode).toBe(errorCatalogue.image_too_large.status);
    expect(response.json()).toEqual({
      success: false,
      code: 'image_too_large',
      message: fileMessages.imageTooLarge(),
    });
    const after = await t.call({
      method: 'GET',
      url: `/api/establishments/${mine}`,
      token: t.tokens.host,
    });
    expect(after.json().data.image).toEqual(before.json().data.image);
  });

  it('the limit is 40 megapixels: just over is refused, at the limit the photo is taken', async () => {
    expect(FILE_RULES.image.maxPixels).toBe(40_000_000);
    const over = await upload(mine, { base64: dataUrl('image/png', blankPng(8001, 5000)), file: 'a.png' });
    expect(over.json().code).toBe('image_too_large');
    const at = await upload(mine, { base64: dataUrl('image/png', blankPng(8000, 5000)), file: 'b.png' });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().data.image).toMatchObject({ width: 1600, height: 1000 });
  });
});

describe('uploading an image', () => {
  it('re-encodes to at most 1600 px with a 320 px thumbnail and strips metadata (GPS gone)', async () => {
    const photo = await phonePhoto();
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);

    const response = await upload(mine, { base64: dataUrl('image/jpeg', photo), file: 'IMG_0001.JPG' });
    expect(response.statusCode).toBe(200);
    const image = response.json().data.image;
    expect(image).toMatchObject({
      filename: 'IMG_0001.webp',
      mimeType: 'image/webp',
      width: 1600,
      height: 1200,
    });

    const full = await t.call({
      method: 'GET',
      url: `/api/establishments/${mine}/image/full`,
      token: t.tokens.host,
    });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toMatch(/private/);
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['webp', 1600, 1200]);
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.xmp).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);

    const thumb = await t.call({
      method: 'GET',
      url: `/api/establishments/${mine}/image/thumbnail`,
      token: t.tokens.host,
    });
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height, thumbMeta.exif]).toEqual([320, 240, undefined]);

    // The spec's call answers the image as a data URL.
    const asData = await t.call({
      method: 'GET',
      url: `/api/establishments/${mine}/image`,
      token: t.tokens.host,
    });
    expect(asData.json().data).toBe(dataUrl('image/webp', full.rawPayload));
  });

  it('serves an ETag and answers 304 while it matches; a new upload changes it', async () => {
    const url = `/api/establishments/${mine}/image/thumbnail`;
    const first = await t.call({ method: 'GET', url, token: t.tokens.host });
    const servedAt = Date.now();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.call({
      method: 'GET',
      url,
      token: t.tokens.host,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    // The ETag names the upload's millisecond: the next upload is made in a later one.
    while (Date.now() <= servedAt) await new Promise((resolve) => setImmediate(resolve));
    expect((await upload(mine, { base64: dataUrl('image/png', png), file: 'logo.png' })).statusCode).toBe(
      200,
    );
    const changed = await t.call({
      method: 'GET',
      url,
      token: t.tokens.host,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Small images are not enlarged.
    expect((await sharp(changed.rawPayload).metadata()).width).toBe(40);
  });

  it('reads the type from the bytes: a PDF named .png is refused', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    const response = await upload(mine, { base64: dataUrl('image/png', pdf), file: 'photo.png' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'file_type_not_allowed',
      message: 'Ce type de fichier n’est pas accepté : choisissez une image PNG, JPEG ou WebP.',
    });
  });

  it('refuses a GIF and bytes that only start like a PNG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(mine, { base64: dataUrl('image/gif', gif), file: 'a.gif' })).json().code).toBe(
      'file_type_not_allowed',
    );
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, 40);
    expect((await upload(mine, { base64: dataUrl('image/png', truncated), file: 'a.png' })).json().code).toBe(
      'file_type_not_allowed',
    );
  });

  it('refuses a file over 5 Mo with file_too_large, just over and far over', async () => {
    const justOver = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const response = await upload(mine, { base64: dataUrl('image/jpeg', justOver), file: 'big.jpg' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'file_too_large',
      message: 'Le fichier est trop volumineux : 5 Mo au maximum.',
    });
    const sixMb = Buffer.alloc(6 * 1024 * 1024, 1);
    const far = await upload(mine, { base64: dataUrl('image/jpeg', sixMb), file: 'huge.jpg' });
    expect(far.statusCode).toBe(413);
    expect(far.json().code).toBe('file_too_large');
  });

  it('answers French field messages for a body that is not a data URL', async () => {
    const response = await upload(mine, { base64: 'hello', file: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      base64: 'Le fichier doit être envoyé comme une URL de données en base64 (data:…;base64,…).',
      file: 'Veuillez compléter ce champ.',
    });
  });

  it('deleting the image leaves the establishment without one', async () => {
    const other = await createEstablishment(t, t.tokens.admin, t.users.host.id);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    await upload(other.id, { base64: dataUrl('image/png', png), file: 'a.png' });
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/establishments/${other.id}/image`,
      token: t.tokens.host,
    });
    expect(removed.json().data.image).toBeNull();
    const gone = await t.call({
      method: 'GET',
      url: `/api/establishments/${other.id}/image`,
      token: t.tokens.host,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it('host B gets 404 on every one of host A’s establishment routes, exactly as for a missing id', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    expect(
      (await upload(theirs, { base64: dataUrl('image/png', png), file: 'a.png' }, t.tokens.otherHost))
        .statusCode,
    ).toBe(200);
    const body = { base64: dataUrl('image/png', png), file: 'a.png' };
    for (const contract of Object.values(establishmentsApi) as RouteContract[]) {
      if (!contract.path.includes(':id') || contract.access !== 'user') continue;
      const request = (id: number) =>
        t.call({
          method: contract.method,
          url: `/api${pathOf(contract.path, { id })}`,
          token: t.tokens.host,
          ...(contract.body
            ? { payload: contract.path.endsWith('image') ? body : { name: 'x', userId: 1 } }
            : {}),
        });
      const foreign = await request(theirs);
      const missing = await request(987654);
      expect([contract.path, foreign.statusCode]).toEqual([contract.path, 404]);
      expect(foreign.body).toBe(missing.body);
    }
    // Nothing of theirs changed.
    const still = await t.call({
      method: 'GET',
      url: `/api/establishments/${theirs}`,
      token: t.tokens.otherHost,
    });
    expect(still.json().data.image).not.toBeNull();
  });
});
