import { validate as readmeValidate, compileErrors } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { allEndpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.js';

/** The document generators read (docs/decisions/0087-api-keys-and-scopes.md). */
type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ url: '/docs/json' })).json() as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );

describe('the OpenAPI document, for generators', () => {
  it('validates with @seriousme/openapi-schema-validator (the OpenAPI 3.1 JSON schema)', async () => {
    const result = await new Validator().validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('validates with @readme/openapi-parser (the schema plus its own rules: unique ids, parameters)', async () => {
    const result = await readmeValidate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('names every operation after its definition, uniquely', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      allEndpoints()
        .map(([name]) => name)
        .sort(),
    );
    expect(document.paths['/v1/albums/{id}/publish']!.post!.operationId).toBe('releases.albums.publish');
  });

  it('declares how a session authenticates, and which calls need one', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(
      expect.arrayContaining(['refreshCookie', 'session']),
    );
    expect(document.paths['/v2/albums']!.get!.security).toContainEqual({ session: [] });
    expect(document.paths['/v1/sessions/current/refresh']!.post!.security).toEqual([{ refreshCookie: [] }]);
    expect(document.paths['/health']!.get!.security).toBeUndefined();
  });

  it('lists the API key scope of every operation a key may call, and none where no key may', () => {
    expect(document.components.securitySchemes).toHaveProperty('apiKey');
    expect(document.paths['/v2/albums']!.get!.security).toEqual([
      { session: [] },
      { apiKey: ['releases:read'] },
    ]);
    expect(document.paths['/v1/payouts']!.post!.security).toContainEqual({ apiKey: ['payouts:write'] });
    expect(document.paths['/v1/api-keys']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/v1/users/me/password']!.post!.security).toEqual([{ session: [] }]);
    const scoped = operations().filter(({ operation }) =>
      operation.security?.some((requirement) => requirement['apiKey']?.length === 1),
    );
    const ids = operations().filter(({ operation }) => operation.operationId);
    console.info(`OpenAPI: ${ids.length} operations with ids, ${scoped.length} with an API key scope`);
    expect(scoped.length).toBeGreaterThan(60);
  });
});
