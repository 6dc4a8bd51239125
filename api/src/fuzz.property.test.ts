import { randomUUID } from 'node:crypto';
import { allEndpoints, apiErrorBodySchema, type Endpoint, type Session } from '@tunehouse/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/**
 * Property-based fuzzing of every operation the contracts define: path parameters, query strings and bodies drawn
 * from hostile values — NUL and other control characters, halves of surrogate pairs, huge and negative numbers,
 * deep nesting, wrong types, encoded paths — sent as a stranger and as a signed-in user. Whatever comes in, the
 * answer is never a 5xx, never a stack trace, and every error has the one error shape. New endpoints are fuzzed the
 * day they are defined.
 */
const RUNS_PER_ENDPOINT = 12;

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u001b[31m',
  '\u202e',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'a'.repeat(5000),
  '',
  ' ',
);
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), nasty);
const numberish = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 1e308, -0),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);
/**
 * Nesting as deep as `nested` arrays: parsers and validators must not fall over. Kept as a depth, written out only
 * when sent, so a failing case can still be printed.
 */
const deep = fc.integer({ min: 1, max: 5000 }).map((nested) => ({ nested }));
const jsonish = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.oneof(text, fc.constantFrom('title', 'email', 'amount', 'id', '__proto__')),
    fc.oneof(text, numberish),
  ),
  deep,
  fc.array(text, { maxLength: 5 }),
);
/**
 * Percent-encoding of anything, halves of surrogate pairs included (encodeURIComponent refuses them): those are
 * sent as their three-byte form, as a hostile client would, which is not valid UTF-8.
 */
function encodeAny(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((piece) => {
      const unit = piece.length === 1 ? piece.charCodeAt(0) : -1;
      if (unit >= 0xd800 && unit <= 0xdfff)
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(piece);
    })
    .join('');
}

/** A path segment: an id-like value, anything encoded, or an encoding trick. */
const segment = fc.oneof(
  fc.uuid(),
  text.map(encodeAny),
  numberish.map((value) => encodeURIComponent(String(value))),
  fc.constantFrom('%E0%A4%A', '..%2F..%2F', '%2e%2e', 'a'.repeat(300), '%ZZ'),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom('offset', 'size', 'q', 'order_by', 'order', 'from', 'to', 'bucket', 'type', 'role'),
    text,
  ),
  fc.oneof(text, numberish.map(String), fc.array(text, { maxLength: 3 })),
  { maxKeys: 5 },
);

type Case = { as: 'stranger' | 'user'; params: string[]; query: Record<string, unknown>; body: unknown };
const cases = fc.record({
  as: fc.constantFrom('stranger' as const, 'user' as const),
  params: fc.array(segment, { minLength: 4, maxLength: 4 }),
  query,
  body: jsonish,
});

let t: TestApp;
let email = '';

beforeAll(async () => {
  t = await createTestApp();
  email = (await createUser(t.db)).email;
}, 60_000);
afterAll(() => t.close());

function urlOf(endpoint: Endpoint, { params, query: values }: Case): string {
  let index = 0;
  const path = endpoint.path.replace(/:[A-Za-z]+/g, () => params[index++ % params.length]!);
  const search = Object.entries(values)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${encodeAny(key)}=${encodeAny(String(item))}`),
    )
    .join('&');
  return search ? `${path}?${search}` : path;
}

function payloadOf(body: unknown): string {
  const nested = (body as { nested?: unknown } | null)?.nested;
  if (typeof nested === 'number' && Object.keys(body as object).length === 1)
    return `${'['.repeat(nested)}"x"${']'.repeat(nested)}`;
  return JSON.stringify(body) ?? 'null';
}

/** What is wrong with an answer, or null: a 5xx, a stack trace, or an error body outside the one error shape. */
function problemOf(status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (/\bat .+\.(js|ts):\d+/.test(body)) return `a stack trace in ${body.slice(0, 200)}`;
  if (status >= 400 && contentType.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `unparsable error body ${body.slice(0, 200)}`;
    }
    if (!apiErrorBodySchema.safeParse(parsed).success)
      return `an error outside the error shape: ${body.slice(0, 200)}`;
  }
  return null;
}

describe('fuzzing every operation of the contracts', () => {
  const operations = allEndpoints();

  it('answers hostile input with a 4xx in the error shape or a success, never a 5xx or a stack trace', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const [name, endpoint] of operations) {
      // A fresh session per operation: signing out or changing the password ends the one it came with.
      const session: Session = await login(t.app, email);
      await fc.assert(
        fc.asyncProperty(cases, async (generated) => {
          const url = urlOf(endpoint, generated);
          const hasBody = !['GET', 'DELETE'].includes(endpoint.method);
          const response = await t.app.inject({
            method: endpoint.method as 'GET',
            url,
            headers: {
              ...(generated.as === 'user' ? bearer(session) : {}),
              'idempotency-key': randomUUID(),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody ? { payload: payloadOf(generated.body) } : {}),
          });
          requests += 1;
          const problem = problemOf(
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
          );
          if (problem)
            failures.push(`${name} ${endpoint.method} ${url.slice(0, 160)} as ${generated.as}: ${problem}`);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
    console.info(
      `fuzz: ${operations.length} operations × ${RUNS_PER_ENDPOINT} cases = ${requests} requests, ${failures.length} failed`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
