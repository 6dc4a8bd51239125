import { expect, vi } from 'vitest';

/** A JSON answer as the API gives it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The API's error body. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { details?: unknown; headers?: Record<string, string> } = {},
): Response {
  return json(
    { error: { code, message, ...(extra.details ? { details: extra.details } : {}) } },
    status,
    extra.headers,
  );
}

export type Answer = Response | Error | (() => Response | Promise<Response>);

/** A fetch that answers in order from `answers` (the last one repeats) and records every call. */
export function fakeFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    calls.push({ url: String(input), init, headers });
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (answer === undefined) throw new Error('fakeFetch: no answer left');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    return answer.clone();
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

export const silentLogger = () => ({ warn: vi.fn(), error: vi.fn() });

/** Awaits a promise that must reject with an instance of `type`, and gives that error back typed. */
export async function rejectionOf<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a rejection with ${type.name}`);
}
