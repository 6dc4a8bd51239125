import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ArtistDetail } from '../artist.js';
import { call, type EndpointPort, type EndpointRequest, pathOf, requestOf, urlOf } from './call.js';
import { endpointGroup, meta, noBody } from './define.js';
import { allEndpoints, endpointMetadataSchema, type endpoints } from './index.js';

const sample = endpointGroup({
  read: {
    method: 'GET',
    path: '/v1/things/:id/parts/:part',
    pathParams: z.object({ id: z.string(), part: z.string() }),
    query: z.object({ 'tag[]': z.array(z.string()).optional(), q: z.string().optional() }),
    responses: { 200: z.object({ n: z.number() }) },
    metadata: meta({ access: 'session', tag: 'things' }),
  },
  remove: {
    method: 'DELETE',
    path: '/v1/things/:id',
    pathParams: z.object({ id: z.string() }),
    body: noBody,
    responses: { 204: noBody },
    metadata: meta({ access: 'session', tag: 'things' }),
  },
  pdf: {
    method: 'GET',
    path: '/v1/things/:id/pdf',
    pathParams: z.object({ id: z.string() }),
    responses: { 200: z.any() },
    metadata: meta({ access: 'session', tag: 'things', file: true, fileType: 'application/pdf' }),
  },
});

/** A port that answers with `answer` and remembers what it was asked. */
function recordingPort(answer: unknown) {
  const sent: EndpointRequest<unknown>[] = [];
  const port: EndpointPort = {
    request: async <T>(request: EndpointRequest<T>) => {
      sent.push(request as EndpointRequest<unknown>);
      return (request.schema ? request.schema.parse(answer) : answer) as T;
    },
  };
  return { port, sent };
}

describe('endpoint calls', () => {
  it('fills path parameters, percent-encoding them, and refuses a missing one', () => {
    expect(pathOf('/v1/things/:id/parts/:part', { id: 'a b/c', part: 7 })).toBe(
      '/v1/things/a%20b%2Fc/parts/7',
    );
    expect(() => pathOf('/v1/things/:id', {})).toThrow(/'id' is missing/);
  });

  it('builds the request from the definition: method, path, query and the success schema', async () => {
    const { port, sent } = recordingPort({ n: 3, extra: 'dropped' });
    const body = await call(port, sample.read, {
      params: { id: '1', part: 'x' },
      query: { 'tag[]': ['a', 'b'] },
    });
    expect(body).toEqual({ n: 3 });
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/v1/things/1/parts/x',
      query: { 'tag[]': ['a', 'b'] },
    });
    expectTypeOf(body).toEqualTypeOf<{ n: number }>();
  });

  it('parses nothing for a 204 and asks for a Blob for a file', () => {
    expect(requestOf(sample.remove, { params: { id: '9' } })).toEqual({
      method: 'DELETE',
      path: '/v1/things/9',
    });
    expect(requestOf(sample.pdf, { params: { id: '9' } })).toMatchObject({ responseType: 'blob' });
    expect(requestOf(sample.pdf, { params: { id: '9' } }).schema).toBeUndefined();
  });

  it('gives a URL with the query string the API client would send', () => {
    expect(urlOf(sample.read, { params: { id: '1', part: '2' }, query: { 'tag[]': ['x y'], q: '' } })).toBe(
      '/v1/things/1/parts/2?tag[]=x%20y',
    );
  });

  it('types the answer of a real endpoint from its definition', () => {
    expectTypeOf<
      Awaited<ReturnType<typeof call<typeof endpoints.artists.get>>>
    >().toEqualTypeOf<ArtistDetail>();
  });
});

describe('the endpoint list', () => {
  it('gives every endpoint metadata that says who may call it', () => {
    const invalid = allEndpoints().filter(
      ([, endpoint]) => !endpointMetadataSchema.safeParse(endpoint.metadata).success,
    );
    expect(invalid.map(([name]) => name)).toEqual([]);
    expect(allEndpoints().length).toBeGreaterThan(0);
  });

  it('asks a file answer for its media type, and only a file answer', () => {
    const base = { access: 'public', tag: 'media' } as const;
    expect(endpointMetadataSchema.safeParse({ ...base, file: true }).success).toBe(false);
    expect(endpointMetadataSchema.safeParse({ ...base, fileType: 'image/*' }).success).toBe(false);
    expect(endpointMetadataSchema.safeParse({ ...base, file: true, fileType: 'image/*' }).success).toBe(true);
    expect(endpointMetadataSchema.safeParse({ ...base, file: true, fileType: 'pdf' }).success).toBe(false);
    const either = { ...base, file: true, fileType: ['text/csv', 'application/pdf'] };
    expect(endpointMetadataSchema.safeParse(either).success).toBe(true);
    expect(endpointMetadataSchema.safeParse({ ...base, file: true, fileType: [] }).success).toBe(false);
  });

  it('writes paths with :parameters that the path parameters schema names', () => {
    const mismatched = allEndpoints().filter(([, endpoint]) => {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();
      const schema = endpoint.pathParams as { shape?: Record<string, unknown> } | undefined;
      const declared = Object.keys(schema?.shape ?? {}).sort();
      return JSON.stringify(inPath) !== JSON.stringify(declared);
    });
    expect(mismatched.map(([name]) => name)).toEqual([]);
  });
});
