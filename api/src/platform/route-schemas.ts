import { apiErrorBodySchema } from '@tunehouse/contracts';
import { z } from 'zod';

/** Every route documents the one error shape for its 4xx and 5xx answers. */
export const errorResponses = {
  '4XX': apiErrorBodySchema.describe('Error: { error: { code, message, details? } }'),
  '5XX': apiErrorBodySchema.describe('Error (never a stack trace)'),
} as const;

export const noContent = z.null().describe('No content');

/** A file answer's body, documented as OpenAPI's binary string. */
export const binaryFile = z.string().meta({ format: 'binary' });

/** OpenAPI: the route takes `Authorization: Bearer <access token>`. */
export const bearer = [{ bearerAuth: [] }];
