import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the test helpers read of an answer (a subset of light-my-request's response). */
export type HttpAnswer = {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: string;
  rawPayload: Buffer;
  json: () => unknown;
};

/**
 * `app.inject()` over real HTTP to a running API (another process, or a proxy in front of several), so the
 * helpers written for the in-process app (fixtures, releaseClient) drive it unchanged. `headers` go with every call.
 */
export function httpApp(baseUrl: string, headers: Record<string, string> = {}): FastifyInstance {
  async function inject(options: InjectOptions): Promise<HttpAnswer> {
    const { method = 'GET', url = '/', payload } = options;
    const given = Object.fromEntries(
      Object.entries({ ...headers, ...(options.headers ?? {}) }).map(([name, value]) => [
        name,
        String(value),
      ]),
    );
    let body: Buffer | string | undefined;
    if (Buffer.isBuffer(payload) || typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      given['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(String(url), baseUrl), {
      method,
      headers: given,
      ...(body === undefined ? {} : { body: new Uint8Array(Buffer.from(body)) }),
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const answerHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) answerHeaders['set-cookie'] = cookies;
    const text = rawPayload.toString('utf8');
    return {
      statusCode: response.status,
      headers: answerHeaders,
      body: text,
      rawPayload,
      json: () => JSON.parse(text) as unknown,
    };
  }
  return { inject } as unknown as FastifyInstance;
}
