import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, helmetHeaders } from './security-headers.js';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
};

describe('security headers', () => {
  it("are helmet's, with the CSP given and nothing naming the server", () => {
    const headers = helmetHeaders(OPTIONS);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('go out on answers, errors and 404s alike, and a route can still set its own', async () => {
    const app = Fastify();
    addSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('no');
    });
    app.get('/media', async (_request, reply) =>
      reply.header('cross-origin-resource-policy', 'cross-origin').send('bytes'),
    );
    for (const url of ['/ok', '/fails', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const media = await app.inject({ url: '/media' });
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await app.close();
  });
});
