import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, login, bearer } from '../../testing/fixtures.js';
import { createTestApp } from '../../testing/test-app.js';
import { artworkImage, multipart, releaseClient } from '../../testing/release-fixtures.js';
import { publicOrigin } from './image-view.js';

const requestTo = (host: string, publicApiUrl = 'https://api.tunehouse.example') =>
  ({ host, protocol: 'https', server: { publicApiUrl } }) as unknown as FastifyRequest;

describe('publicOrigin', () => {
  it('keeps the configured host and loopback hosts as the caller reached them', () => {
    expect(publicOrigin(requestTo('api.tunehouse.example'))).toBe('https://api.tunehouse.example');
    expect(publicOrigin(requestTo('127.0.0.1:41234'))).toBe('https://127.0.0.1:41234');
    expect(publicOrigin(requestTo('localhost:3000'))).toBe('https://localhost:3000');
    expect(publicOrigin(requestTo('[::1]:3000'))).toBe('https://[::1]:3000');
  });

  it('answers the configured origin for any other Host, forged or not', () => {
    for (const host of [
      'evil.example',
      'api.tunehouse.example.evil.example',
      'localhost.evil.example',
      '10.0.0.5',
    ])
      expect(publicOrigin(requestTo(host))).toBe('https://api.tunehouse.example');
  });
});

it('an artist image URL never takes a forged Host header', async () => {
  const t = await createTestApp({ publicApiUrl: 'https://api.tunehouse.example' });
  try {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const artist = await releaseClient(t.app).artist(session);
    const form = multipart([
      { name: 'image', filename: 'a.png', type: 'image/png', data: await artworkImage(1000, 1000) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/artists/${artist.id}/image`,
      headers: { ...bearer(session), ...form.headers, host: 'evil.example' },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const urls = JSON.stringify(response.json()).match(/https?:\/\/[^"/]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set(['https://api.tunehouse.example']));
  } finally {
    await t.close();
  }
});
