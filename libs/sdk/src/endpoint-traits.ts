import type { Endpoint } from '@tunehouse/contracts';

/** A zod object's keys, read at run time (the definitions are zod schemas; anything else has none). */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | null | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** The header an endpoint that moves money requires (`idempotencyKeyHeadersSchema` in libs/contracts). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Whether the definition requires an `Idempotency-Key` header. */
export function needsIdempotencyKey(endpoint: Endpoint): boolean {
  return shapeKeys(endpoint.headers).includes(IDEMPOTENCY_HEADER);
}

/**
 * Whether the endpoint pages by offset: its query takes `offset` and its success answer has `nextOffset`
 * (`pageQuerySchema` and `paginatedSchema` in libs/contracts/src/pagination.ts).
 */
export function isPaged(endpoint: Endpoint): boolean {
  const success = endpoint.responses[200] ?? endpoint.responses[201];
  return shapeKeys(endpoint.query).includes('offset') && shapeKeys(success).includes('nextOffset');
}

/** Whether a value of the endpoint tree is one endpoint (a ts-rest route) rather than a group of them. */
export function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string'
  );
}
