import multipart from '@fastify/multipart';
import {
  type FieldIssue,
  identityVerificationFieldsSchema,
  VERIFICATION_DOCUMENT_FIELD,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  verificationStatusSchema,
} from '@tunehouse/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { ApiError, RequestValidationError } from '../../platform/errors.js';
import { bearer, errorResponses } from '../../platform/route-schemas.js';
import { inspectDocument } from './document-store.js';
import type { VerificationService } from './service.js';
import { rethrowAsUnreadableMultipart } from '../media/upload.js';

const DOCUMENT_PATH: FieldIssue['path'] = ['body', VERIFICATION_DOCUMENT_FIELD];
const TEXT_FIELDS = Object.keys(identityVerificationFieldsSchema.shape);
const FIELD_MAX_BYTES = 1000;

type Deps = {
  verifications: VerificationService;
  auth: AuthGuard;
  /** Multiplies the per-address limit, as for every other limit (docs/decisions/0014-rate-limits.md). */
  rateLimitFactor: number;
};

type RawSubmission = { fields: Record<string, string>; document: Buffer | null };

/** The multipart body: text fields and the one document file, read up to its size limit (413 at the limit). */
async function readSubmission(request: FastifyRequest): Promise<RawSubmission> {
  if (!request.isMultipart()) {
    const message = `Send the details as multipart/form-data with a file part named ${VERIFICATION_DOCUMENT_FIELD}`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [
      { path: ['headers', 'content-type'], message },
    ]);
  }
  const fields: Record<string, string> = {};
  let document: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== VERIFICATION_DOCUMENT_FIELD) {
          const message = `Only one file part, named ${VERIFICATION_DOCUMENT_FIELD}, is expected`;
          throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
            { path: ['body', part.fieldname], message },
          ]);
        }
        document = await part.toBuffer();
      } else if (TEXT_FIELDS.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The document is larger than ${VERIFICATION_DOCUMENT_MAX_BYTES / (1024 * 1024)} MiB`;
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: DOCUMENT_PATH, message }]);
    }
    rethrowAsUnreadableMultipart(error);
  }
  return { fields, document };
}

/** An administrator viewing the product as the user cannot vouch for who the user is. */
const ownSessionOnly: onRequestAsyncHookHandler = async (request) => {
  if (callerOf(request).session.impersonatorId) {
    throw new ApiError(
      403,
      'IMPERSONATION_FORBIDDEN',
      'An administrator viewing the product as this user cannot verify their identity',
    );
  }
};

/** Issue 4 `/account/verify`: identity verification of the signed-in user's account. */
export function verificationRoutes({ verifications, auth, rateLimitFactor }: Deps): FastifyPluginAsyncZod {
  const scale = (n: number) => Math.max(1, Math.floor(n * rateLimitFactor));
  return async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: VERIFICATION_DOCUMENT_MAX_BYTES,
        files: 1,
        fields: TEXT_FIELDS.length + 2,
        fieldSize: FIELD_MAX_BYTES,
        parts: TEXT_FIELDS.length + 3,
        headerPairs: 100,
      },
    });
    const tags = ['verifications'];

    app.post(
      '/v1/verifications',
      {
        config: {
          // Spec §7: a bot-checked path (verify_identity); without a token the ceiling is lower.
          rateLimit: {
            timeWindow: 3_600_000,
            max: (request: FastifyRequest) => scale(request.botCheck === 'missing' ? 3 : 10),
          },
        },
        onRequest: [auth.guard(), ownSessionOnly],
        schema: {
          tags,
          summary: 'Submit identity details and an ID document for verification: 202, PENDING',
          description:
            'multipart/form-data: legalName, dateOfBirth (YYYY-MM-DD, 18 or older), addressLine, city, ' +
            'postalCode (may be empty), country (ISO code, XK included) and one file part named document: ' +
            'JPEG, PNG or PDF by content (415), at most 10 MiB (413). 409 while a submission is under review ' +
            'or once verified; 403 for an impersonation. The provider decides later; an approval sets ' +
            'account.verifiedAt.',
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 202: verificationStatusSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await verifications.assertCanSubmit(caller);
        const { fields, document } = await readSubmission(request);
        const type = document ? await inspectDocument(document, DOCUMENT_PATH) : null;
        const parsed = identityVerificationFieldsSchema.safeParse(fields);
        const issues: FieldIssue[] = parsed.success
          ? []
          : parsed.error.issues.map((issue) => ({
              path: ['body', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
              message: issue.message,
            }));
        if (!document || !type)
          issues.push({ path: DOCUMENT_PATH, message: 'Add a photo or scan of your ID document' });
        if (!parsed.success || !document || !type) throw new RequestValidationError('body', issues);
        const status = await verifications.submit(caller, parsed.data, { buffer: document, type });
        return reply.code(202).send(status);
      },
    );

    app.get(
      '/v1/verifications/current',
      {
        onRequest: auth.guard(),
        schema: {
          tags,
          summary: 'The account’s latest identity verification: NONE, PENDING, APPROVED or REJECTED',
          security: bearer,
          response: { 200: verificationStatusSchema, ...errorResponses },
        },
      },
      async (request) => verifications.current(callerOf(request).user.account.id),
    );
  };
}
