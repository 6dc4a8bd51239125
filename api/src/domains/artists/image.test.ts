import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ARTIST_IMAGE_MAX_BYTES,
  artistDetailSchema,
  type ArtistDetail,
  type Session,
} from '@tunehouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  expectError,
  expectShape,
  login,
  multipart,
  type Part,
} from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let dataDir: string;
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-images-'));
  t = await createTestApp({ dataDir });
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A photo-like image (noise, so it does not compress to nothing) of the given size. */
function photo(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

async function newArtist(session: Session, name = 'Pictured Artist'): Promise<ArtistDetail> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/artists',
    headers: bearer(session),
    payload: { name },
  });
  return expectShape(artistDetailSchema, response);
}

const upload = (session: Session, artistId: string | number, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/v1/artists/${artistId}/image`,
    headers: { ...bearer(session), ...body.headers },
    payload: body.payload,
  });
};

const pathOf = (url: string) => new URL(url).pathname;
const imageFolder = (imageId: string | number) => path.join(dataDir, 'media', 'images', String(imageId));

describe('POST /v1/artists/{id}/image', () => {
  it('takes a real PNG and makes the original and square large, medium and thumbnail renditions', async () => {
    const artist = await newArtist(owner);
    const png = await photo(1200, 800).png().toBuffer();
    const response = await upload(owner, artist.id, [
      { name: 'image', filename: 'Band photo.png', type: 'image/png', data: png },
    ]);
    const updated = expectShape(artistDetailSchema, response);
    const image = updated.image!;
    expect(image.original).toMatchObject({ width: 1200, height: 800, name: 'Band photo.png' });
    expect(image.large).toMatchObject({ width: 800, height: 800, name: 'Band photo-large.png' });
    expect(image.medium).toMatchObject({ width: 500, height: 500 });
    expect(image.thumbnail).toMatchObject({ width: 150, height: 150 });
    expect(image.original.url).toBe(`http://localhost:80/v1/media/images/${image.id}/original.png`);

    const file = await t.app.inject({ url: pathOf(image.thumbnail!.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(file.rawPayload.length).toBe(image.thumbnail!.size);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 150, height: 150 });

    const read = await t.app.inject({ url: `/v1/artists/${artist.id}`, headers: bearer(owner) });
    expect(expectShape(artistDetailSchema, read).image).toEqual(image);
    const listed = await t.app.inject({ url: '/v2/artists?q=Pictured', headers: bearer(owner) });
    expect(listed.json().items[0].image).toEqual(image);
  });

  it('takes a JPEG whatever its name, turns it upright and keeps none of its metadata', async () => {
    const artist = await newArtist(owner);
    // Stored sideways with an EXIF orientation (6: rotate 90°) and a camera model, as phones do.
    const jpeg = await photo(640, 480)
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Model: 'Secret Model' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(owner, artist.id, [
      { name: 'image', filename: 'selfie.txt', type: 'text/plain', data: jpeg },
    ]);
    const image = expectShape(artistDetailSchema, response).image!;
    expect(image.original).toMatchObject({ width: 480, height: 640 });
    expect(image.large).toMatchObject({ width: 480, height: 480 });
    const original = await t.app.inject({ url: pathOf(image.original.url) });
    expect(original.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(original.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('replacing the image removes the previous one’s files; removing it leaves none', async () => {
    const artist = await newArtist(owner);
    const png = await photo(300, 300).png().toBuffer();
    const first = expectShape(
      artistDetailSchema,
      await upload(owner, artist.id, [{ name: 'image', filename: 'a.png', data: png }]),
    ).image!;
    const second = expectShape(
      artistDetailSchema,
      await upload(owner, artist.id, [{ name: 'image', filename: 'b.png', data: png }]),
    ).image!;
    expect(second.id).not.toBe(first.id);
    expect(fs.existsSync(imageFolder(first.id))).toBe(false);
    expect((await t.app.inject({ url: pathOf(first.original.url) })).statusCode).toBe(404);
    expect(fs.readdirSync(imageFolder(second.id)).sort()).toEqual([
      'large.png',
      'medium.png',
      'original.png',
      'thumbnail.png',
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/artists/${artist.id}/image`,
      headers: bearer(owner),
    });
    expect(expectShape(artistDetailSchema, removed).image).toBeNull();
    expect(fs.existsSync(imageFolder(second.id))).toBe(false);
    const { rows } = await t.db.query('SELECT 1 FROM images WHERE id = ANY($1::uuid[])', [
      [first.id, second.id],
    ]);
    expect(rows).toEqual([]);
  });

  it('deleting the artist removes its image', async () => {
    const artist = await newArtist(owner);
    const png = await photo(200, 200).png().toBuffer();
    const image = expectShape(
      artistDetailSchema,
      await upload(owner, artist.id, [{ name: 'image', data: png, filename: 'x.png' }]),
    ).image!;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/artists/${artist.id}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect(fs.existsSync(imageFolder(image.id))).toBe(false);
    expect((await t.app.inject({ url: pathOf(image.medium!.url) })).statusCode).toBe(404);
  });
});

describe('refused uploads', () => {
  let artist: ArtistDetail;
  beforeAll(async () => {
    artist = await newArtist(owner, 'Refusing Artist');
  });

  const pathsOf = (error: { details?: { path: (string | number)[] }[] }) =>
    error.details?.map((detail) => detail.path);

  async function expectNothingStored() {
    const read = await t.app.inject({ url: `/v1/artists/${artist.id}`, headers: bearer(owner) });
    expect(expectShape(artistDetailSchema, read).image).toBeNull();
    const leftovers = fs.existsSync(path.join(dataDir, 'media', 'images'))
      ? fs.readdirSync(path.join(dataDir, 'media', 'images')).filter((name) => name.endsWith('.partial'))
      : [];
    expect(leftovers).toEqual([]);
  }

  it('a text file named .png and declared image/png is refused by its content with 415', async () => {
    const response = await upload(owner, artist.id, [
      {
        name: 'image',
        filename: 'photo.png',
        type: 'image/png',
        data: 'definitely not a picture\n'.repeat(50),
      },
    ]);
    const error = expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(pathsOf(error)).toEqual([['body', 'image']]);
    // Another real format (GIF) is refused the same way, naming what it is.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const gifError = expectError(
      await upload(owner, artist.id, [{ name: 'image', filename: 'a.png', data: gif }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(gifError.message).toContain('image/gif');
    await expectNothingStored();
  });

  it('a file over the size limit is refused with 413 at the limit', async () => {
    const big = Buffer.alloc(ARTIST_IMAGE_MAX_BYTES + 1, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = expectError(
      await upload(owner, artist.id, [{ name: 'image', filename: 'big.png', data: big }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(pathsOf(error)).toEqual([['body', 'image']]);
    expect(error.message).toContain('10 MiB');
    await expectNothingStored();
  });

  it('a real image over the limit sent chunked (no Content-Length, as fetch streams it) is refused every time', async () => {
    const png = await photo(2000, 2000).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(ARTIST_IMAGE_MAX_BYTES);
    const target = await newArtist(owner, 'Chunked');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([{ name: 'image', filename: 'big.png', type: 'image/png', data: png }]);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push(
        await new Promise<number>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: `/v1/artists/${target.id}/image`,
              headers: { ...bearer(owner), ...body.headers, 'transfer-encoding': 'chunked' },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          for (let offset = 0; offset < body.payload.length; offset += 256 * 1024)
            request.write(body.payload.subarray(offset, offset + 256 * 1024));
          request.end();
        }),
      );
    }
    expect(statuses).toEqual(Array(10).fill(413));
    await expectNothingStored();
  });

  it('a decompression bomb (a small file claiming 30000×30000 pixels) is refused with 413 before decoding', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …, CRC (4).
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    expect(png.length).toBeLessThan(200);
    const error = expectError(
      await upload(owner, artist.id, [{ name: 'image', filename: 'bomb.png', data: png }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(pathsOf(error)).toEqual([['body', 'image']]);
    expect(error.message).toContain('30000×30000');
    await expectNothingStored();
  });

  it('a PNG that cannot be decoded is refused with 422', async () => {
    const png = await photo(64, 64).png().toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const error = expectError(
      await upload(owner, artist.id, [{ name: 'image', filename: 'cut.png', data: truncated }]),
      422,
      'UNPROCESSABLE',
    );
    expect(pathsOf(error)).toEqual([['body', 'image']]);
    await expectNothingStored();
  });

  it('a body that is not multipart, or has no image part, names what is missing', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/artists/${artist.id}/image`,
      headers: bearer(owner),
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(pathsOf(expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE'))).toEqual([['headers', 'content-type']]);
    const png = await photo(8, 8).png().toBuffer();
    const misnamed = await upload(owner, artist.id, [{ name: 'photo', filename: 'a.png', data: png }]);
    expect(pathsOf(expectError(misnamed, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'image']]);
    const fieldOnly = await upload(owner, artist.id, [{ name: 'caption', data: 'hello' }]);
    expect(pathsOf(expectError(fieldOnly, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'image']]);
    await expectNothingStored();
  });

  it('another account’s artist is not found, and nothing of the upload is kept', async () => {
    const png = await photo(32, 32).png().toBuffer();
    expectError(
      await upload(stranger, artist.id, [{ name: 'image', filename: 'a.png', data: png }]),
      404,
      'NOT_FOUND',
    );
    expectError(
      await upload(owner, '00000000-0000-4000-8000-000000000000', [{ name: 'image', data: png }]),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `/v1/artists/${artist.id}/image` }),
      401,
      'UNAUTHENTICATED',
    );
    await expectNothingStored();
  });
});

describe('GET /v1/media/images/{id}/{file}', () => {
  it('answers 404 for unknown images, rendition names and extensions, and paths outside', async () => {
    const artist = await newArtist(owner);
    const png = await photo(64, 64).png().toBuffer();
    const image = expectShape(
      artistDetailSchema,
      await upload(owner, artist.id, [{ name: 'image', data: png, filename: 'a.png' }]),
    ).image!;
    for (const url of [
      `/v1/media/images/00000000-0000-4000-8000-000000000000/original.png`,
      `/v1/media/images/${image.id}/original.jpg`,
      `/v1/media/images/${image.id}/poster.png`,
      `/v1/media/images/${image.id}/..%2F..%2Fsecrets%2Fjwt-secret`,
      `/v1/media/images/not-a-uuid/original.png`,
    ]) {
      expectError(await t.app.inject({ url }), 404, 'NOT_FOUND');
    }
    expect((await t.app.inject({ url: pathOf(image.original.url) })).statusCode).toBe(200);
  });
});
