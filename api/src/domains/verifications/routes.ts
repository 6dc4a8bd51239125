import multipart from '@fastify/multipart';
import {
  endpoints,
  type FieldIssue,
  identityVerificationFieldsSchema,
  VERIFICATION_DOCUMENT_FIELD,
  VERIFICATION_DOCUMENT_MAX_BYTES,
} from '@tunehouse/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { ApiError, RequestValidationError } from '../../platform/errors.js';
import { invalidTextIssues } from '../../platform/invalid-text.js';
import { rethrowAsUnreadableMultipart } from '../media/index.js';
import { requireCompletePdf } from './complete-pdf.js';
import { inspectDocument } from './document-store.js';
import type { VerificationService } from './service.js';

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

/** The `/account/verify` page's API: identity verification of the signed-in user's account. */
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
    const route = endpointRegistrar(app, auth);
    const api = endpoints.verifications;

    route(
      api.submit,
      async (request) => {
        const caller = callerOf(request);
        await verifications.assertCanSubmit(caller);
        const { fields, document } = await readSubmission(request);
        const type = document ? await inspectDocument(document, DOCUMENT_PATH) : null;
        if (document && type === 'application/pdf') requireCompletePdf(document, DOCUMENT_PATH);
        const invalidText = invalidTextIssues(fields, ['body']);
        if (invalidText.length > 0) throw new RequestValidationError('body', invalidText);
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
        return {
          status: 202,
          body: await verifications.submit(caller, parsed.data, { buffer: document, type }),
        };
      },
      {
        onRequest: [ownSessionOnly],
        // A bot-checked path: without a solved check the ceiling is lower.
        rateLimit: {
          timeWindow: 3_600_000,
          max: (request: FastifyRequest) => scale(request.botCheck === 'missing' ? 3 : 10),
        },
      },
    );
    route(api.current, async (request) => ({
      status: 200,
      body: await verifications.current(callerOf(request).user.account),
    }));
  };
}
