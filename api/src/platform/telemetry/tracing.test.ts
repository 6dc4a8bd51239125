import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { endpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../testing/api-process.js';
import { createUser, PASSWORD } from '../../testing/fixtures.js';
import { type ReceivedSpan, startOtlpReceiver } from '../../testing/otlp-receiver.js';
import { createTestDatabase } from '../../testing/test-app.js';

/**
 * Tracing as an operator switches it on: the API process (main.ts, as `npm start` runs it) with
 * OTEL_EXPORTER_OTLP_ENDPOINT naming an OTLP/HTTP receiver, here an in-process node:http server. Fastify and pg are
 * loaded after the instrumentation's module hooks (main.ts imports the server dynamically); these tests fail if
 * either was loaded before, since then no route or SQL span exists.
 */

let api: ApiProcess | undefined;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let drop: () => Promise<void>;
let dataDir = '';
let email = '';

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-tracing-'));
  const database = await createTestDatabase();
  drop = database.drop;
  email = (await createUser(database.db)).email;
  api = await startApiProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  });
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await receiver?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Polls the received spans (the exporter batches for a second) until `find` answers; bounded for a broken run. */
async function spansUntil<T>(what: string, find: (spans: ReceivedSpan[]) => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const found = find(receiver.spans);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `never received: ${what}\nspans: ${receiver.spans.map((span) => span.name).join(', ')}\n` +
      `refused: ${receiver.refused.join(', ')}\n${api?.output().slice(-3000)}`,
  );
}

const isSql = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql';

/** The spans of a trace below `root`, by parent links. */
function descendants(spans: ReceivedSpan[], root: ReceivedSpan): ReceivedSpan[] {
  const found: ReceivedSpan[] = [];
  let frontier = [root.spanId];
  while (frontier.length) {
    const children = spans.filter((span) => span.parentSpanId && frontier.includes(span.parentSpanId));
    found.push(...children);
    frontier = children.map((span) => span.spanId);
  }
  return found;
}

const login = (headers: Record<string, string> = {}) =>
  fetch(`${api!.url}${endpoints.sessions.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

describe('traces over OTLP', { timeout: 60_000 }, () => {
  it('records one trace holding the request span, its route and its SQL spans', async () => {
    const response = await login();
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id');

    const server = await spansUntil('the sign-in request span', (spans) =>
      spans.find(
        (span) => span.kind === 2 && span.attributes['http.route'] === endpoints.sessions.login.path,
      ),
    );
    expect(server.parentSpanId).toBeUndefined();
    expect(server.service).toMatchObject({ 'service.name': 'tunehouse-api', 'service.version': '0.1.0' });
    const below = await spansUntil('the sign-in SQL spans', (spans) => {
      const inTrace = descendants(
        spans.filter((span) => span.traceId === server.traceId),
        server,
      );
      return inTrace.some(isSql) ? inTrace : undefined;
    });
    // Fastify's route span, and the statements the sign-in ran, without their values.
    expect(below.some((span) => span.scope.includes('fastify'))).toBe(true);
    const sql = below.filter(isSql);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.map((span) => String(span.attributes['db.query.text']))).toContainEqual(
      expect.stringMatching(/\busers\b/i),
    );
    expect(JSON.stringify(sql)).not.toContain(email);

    // The request's log lines name the trace beside the request id.
    const lines = api!
      .output()
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { requestId?: string; trace_id?: string; span_id?: string }];
        } catch {
          return [];
        }
      })
      .filter((line) => line.requestId === requestId);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.some((line) => line.trace_id === server.traceId && /^[0-9a-f]{16}$/.test(line.span_id ?? '')),
    ).toBe(true);
  });

  it("continues the caller's traceparent: the request span joins the browser's trace", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const response = await login({ traceparent: `00-${traceId}-${parentSpanId}-01` });
    expect(response.status).toBe(201);

    const server = await spansUntil('the request span in the given trace', (spans) =>
      spans.find((span) => span.kind === 2 && span.traceId === traceId),
    );
    expect(server.parentSpanId).toBe(parentSpanId);
    await spansUntil('SQL spans in the given trace', (spans) => descendants(spans, server).find(isSql));
  });

  it('gives each pg-boss job a span holding its SQL', async () => {
    // A reset link is e-mailed by the mail-delivery job.
    const response = await fetch(`${api!.url}${endpoints.accounts.requestPasswordReset.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(204);
    const job = await spansUntil('the mail-delivery job span', (spans) =>
      spans.find((span) => span.name === 'job mail-delivery'),
    );
    expect(job.kind).toBe(5);
    expect(job.attributes['messaging.destination.name']).toBe('mail-delivery');
    await spansUntil("the job's SQL spans", (spans) => descendants(spans, job).find(isSql));
  });
});
