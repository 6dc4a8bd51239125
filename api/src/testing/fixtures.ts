import { randomBytes } from 'node:crypto';
import {
  apiErrorBodySchema,
  type ApiErrorCode,
  endpoints,
  sessionSchema,
  type Session,
} from '@tunehouse/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { UserRecord } from '../platform/auth-guard.js';
import type { Db } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { insertUser, type NewUser } from '../domains/users/index.js';
import { injectOf } from './endpoint-inject.js';

export const PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A user with its account, straight into the database (no mail, no session). */
export async function createUser(
  db: Db,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> = {},
): Promise<UserRecord> {
  passwordHash ??= hashPassword(PASSWORD);
  counter += 1;
  const user = await insertUser(db, {
    email: `user-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    firstName: 'Test',
    lastName: `User ${counter}`,
    emailVerified: true,
    ...overrides,
    passwordHash: await passwordHash,
  });
  if (!user) throw new Error('fixture user e-mail was taken');
  return user;
}

/** Parses a body with its contract schema; a mismatch fails the test with zod's field paths. */
export function expectShape<S extends z.ZodType>(schema: S, response: LightMyRequestResponse): z.infer<S> {
  const parsed = schema.safeParse(response.json());
  if (!parsed.success) {
    throw new Error(
      `Response ${response.statusCode} does not match its contract: ${JSON.stringify(parsed.error.issues)}\n${response.body}`,
    );
  }
  return parsed.data;
}

/** Asserts the error status, code and shape; answers the error for further checks. */
export function expectError(response: LightMyRequestResponse, status: number, code: ApiErrorCode) {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({
    status,
    body: { error: { code } },
  });
  const body = expectShape(apiErrorBodySchema, response);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  return body.error;
}

// The header lives beside `injectOf`, which builds it too; re-exported so tests keep one import.
export { bearer } from './endpoint-inject.js';

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const response = await app.inject(injectOf(endpoints.sessions.login, { body: { email, password } }));
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(sessionSchema, response);
}

/** The latest mail queued to `to`, as the outbox holds it. */
export async function lastMailTo(db: Db, to: string) {
  const { rows } = await db.query<{
    id: string;
    subject: string;
    text_body: string;
    link: string | null;
    template: string;
  }>(
    'SELECT id, subject, text_body, link, template FROM outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
    [to],
  );
  if (!rows[0]) throw new Error(`no mail to ${to}`);
  return rows[0];
}

export function linkParams(link: string | null): { challengeId: string; secret: string } {
  const url = new URL(link ?? '');
  return {
    challengeId: url.searchParams.get('challengeId') ?? '',
    secret: url.searchParams.get('secret') ?? '',
  };
}

export type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----tunehouse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
