import { endpoints, sessionSchema, type Session } from '@tunehouse/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { IMPERSONATION_REFRESH_COOKIE, REFRESH_COOKIE } from '../domains/sessions/index.js';
import { injectOf } from './endpoint-inject.js';
import { expectShape, PASSWORD } from './fixtures.js';

/** One Set-Cookie of an answer: its name, value and attributes (names lower-cased; a flag is `true`). */
export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function setCookiesOf(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : [header].flat().map(String);
  return lines.map((line) => {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const at = attribute.indexOf('=');
      if (at === -1) attributes[attribute.toLowerCase()] = true;
      else attributes[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
    }
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1), attributes };
  });
}

/** The refresh token an answer handed over in its cookie (the impersonation's cookie when asked). */
export function refreshTokenSetBy(response: LightMyRequestResponse, impersonation = false): string {
  const name = impersonation ? IMPERSONATION_REFRESH_COOKIE : REFRESH_COOKIE;
  const cookie = setCookiesOf(response).find((entry) => entry.name === name);
  expect(
    cookie?.value,
    `no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`,
  ).toBeTruthy();
  return cookie!.value;
}

/** A refresh as the shell's page sends it: the cookie, from an allowed origin (the API's local defaults). */
export function refreshWith(
  app: FastifyInstance,
  token: string | null,
  {
    impersonation = false,
    headers = { origin: 'http://localhost:4200' },
  }: { impersonation?: boolean; headers?: Record<string, string> } = {},
) {
  const name = impersonation ? IMPERSONATION_REFRESH_COOKIE : REFRESH_COOKIE;
  const request = injectOf(endpoints.sessions.refresh, { body: impersonation ? { impersonation } : {} });
  return app.inject({
    ...request,
    headers: { ...request.headers, ...headers, ...(token === null ? {} : { cookie: `${name}=${token}` }) },
  });
}

/** Logs in and keeps both halves: the session the body carries and the refresh token from the cookie. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<{ session: Session; refreshToken: string; response: LightMyRequestResponse }> {
  const response = await app.inject(injectOf(endpoints.sessions.login, { body: { email, password } }));
  expect(response.statusCode, response.body).toBe(201);
  return {
    session: expectShape(sessionSchema, response),
    refreshToken: refreshTokenSetBy(response),
    response,
  };
}
