import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RequestValidationError } from './errors.js';
import { invalidTextIssues } from './invalid-text.js';

type Schema = z.ZodType | { properties: z.ZodType };

function resolve(schema: Schema): z.ZodType {
  return schema instanceof z.ZodType ? schema : schema.properties;
}

/*
 * Both compilers run a route's schema through `z.compile` once, when the route is registered: zod generates a
 * parser for it (about 3.5× faster on an object of a user's size) and falls back to its ordinary one for any part
 * it cannot generate, so the answers — values, issues and their paths — are zod's own either way.
 */

/**
 * Request validation that keeps zod's issue paths as arrays (the library joins them into a string), so that
 * a 400 names `['body', 'email']` and not `/email`. Invalid text (NUL, other control characters, broken Unicode)
 * is refused here, once for every field of every endpoint, before any schema or database sees it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const compiled = z.compile(schema);
  return (data) => {
    const part = httpPart ?? 'body';
    const invalid = invalidTextIssues(data, [part]);
    if (invalid.length > 0) return { error: new RequestValidationError(part, invalid) };
    const result = compiled.safeParse(data);
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        part,
        result.error.issues.flatMap((issue) => fieldErrorsOf(part, issue)),
      ),
    };
  };
};

/**
 * One field error per issue, at the issue's path; a key the schema does not allow is named by its own path
 * (`['body', 'number']`, "Not allowed here"), not only by its parent's.
 */
function fieldErrorsOf(
  part: string,
  issue: z.core.$ZodIssue,
): { path: (string | number)[]; message: string }[] {
  const path = [part, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))];
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({ path: [...path, key], message: 'Not allowed here' }));
  return [{ path, message: issue.message }];
}

/**
 * Responses go through their contract schema by parsing, not the library's `encode`: our contracts use one-way
 * transforms (a missing name reads as ''), which zod cannot encode. Parsing also strips anything the
 * contract does not name, so a column added to a query never leaks.
 */
export const serializerCompiler: FastifySerializerCompiler<Schema> = ({ schema, method, url }) => {
  const zodSchema = z.compile(resolve(schema));
  return (data) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
