import type { AppRoute, ClientInferRequest, ClientInferResponseBody } from '@ts-rest/core';
import { type Endpoint, isNoBody } from './define.js';

import { buildQueryString, type QueryValue } from './query-string.js';

/** What `call` hands to the API client: the shape of the shell's `ApiPort.request` argument. */
export interface EndpointRequest<T> {
  method: Endpoint['method'];
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  schema?: { parse(input: unknown): T };
  signal?: AbortSignal;
  onUploadProgress?: (loaded: number, total: number) => void;
  responseType?: 'json' | 'blob';
  /** The bot-check action the endpoint needs; the client adds its header. */
  botCheck?: string;
  /** Told the success answer's headers (shell contract 1.3; an older shell never calls it). */
  onResponseHeaders?: (headers: Headers) => void;
}

/** Anything that sends an {@link EndpointRequest}: the shell's ApiPort, the session library's client. */
export interface EndpointPort {
  request<T>(request: EndpointRequest<T>): Promise<T>;
}

/** The request parts an endpoint takes: `params`, `query`, `body`, `headers`, each only when it has one. */
export type EndpointArgs<E extends AppRoute> = Omit<
  ClientInferRequest<E>,
  'extraHeaders' | 'fetchOptions' | 'overrideClientOptions' | 'cache' | 'next'
>;

type SuccessStatus<E extends AppRoute> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;

/** The parsed body of the endpoint's success answer (undefined for a 204; a Blob for a file). */
export type EndpointResult<E extends AppRoute> = E extends { metadata: { file: true } }
  ? Blob
  : ClientInferResponseBody<E, SuccessStatus<E>> extends infer B
    ? B extends symbol
      ? undefined
      : B
    : never;

/** Transport options that are not part of the endpoint: abort, upload progress, the answer's headers. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * Told the headers of the success answer, for what an endpoint sends there (`metadata.responseHeaders`). Not
   * called by a shell older than contract 1.3, so a caller must do without it.
   */
  onResponseHeaders?: ((headers: Headers) => void) | undefined;
}

/** `/v1/albums/:id` with `{ id: 'a b' }` → `/v1/albums/a%20b`. A missing parameter is a programming error. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Path parameter '${name}' is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The request `call` would send, without sending it (tests and fixtures use it). */
export function requestOf<E extends Endpoint>(
  endpoint: E,
  args: EndpointArgs<E> | Record<string, never> = {},
  options: CallOptions = {},
): EndpointRequest<EndpointResult<E>> {
  const { params, query, body, headers } = args as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const success = ([200, 201, 202] as const)
    .map((status) => endpoint.responses[status])
    .find((response) => response !== undefined && !isNoBody(response));
  const file = endpoint.metadata.file === true;
  const schema =
    !file && success && typeof (success as { parse?: unknown }).parse === 'function'
      ? (success as { parse(input: unknown): EndpointResult<E> })
      : undefined;
  return {
    method: endpoint.method,
    path: pathOf(endpoint.path, params),
    ...(query === undefined ? {} : { query }),
    ...(body === undefined ? {} : { body }),
    ...(headers === undefined ? {} : { headers }),
    ...(schema ? { schema } : {}),
    ...(file ? { responseType: 'blob' as const } : {}),
    ...(endpoint.metadata.botCheck ? { botCheck: endpoint.metadata.botCheck } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    ...(options.onResponseHeaders ? { onResponseHeaders: options.onResponseHeaders } : {}),
  };
}

/** The endpoint's path with its parameters and query string: what a test or fixture requests. */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  args: EndpointArgs<E> | Record<string, never> = {},
): string {
  const request = requestOf(endpoint, args);
  return `${request.path}${buildQueryString(request.query)}`;
}

/**
 * Calls an endpoint through the API client: the path, query, body and answer's parser all come from the
 * endpoint's definition, so no caller writes a URL by hand.
 */
export function call<E extends Endpoint>(
  port: EndpointPort,
  endpoint: E,
  ...[args, options]: Partial<EndpointArgs<E>> extends EndpointArgs<E>
    ? [args?: EndpointArgs<E>, options?: CallOptions]
    : [args: EndpointArgs<E>, options?: CallOptions]
): Promise<EndpointResult<E>> {
  return port.request(requestOf(endpoint, args ?? {}, options));
}
