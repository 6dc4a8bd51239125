import { z } from 'zod';
import { countryCodeSchema, dateStringSchema, refuseUnsafeName } from './primitives.js';

/**
 * Identity verification (docs/decisions/0019-account-security-and-identity.md). POST /v1/verifications takes a
 * multipart/form-data body: the text fields of `identityVerificationFieldsSchema` plus one file part named
 * `document`; it answers 202 with the status. Payouts require an approved verification (`account.verifiedAt`).
 */

/** The name of the file part. */
export const VERIFICATION_DOCUMENT_FIELD = 'document';

/** A photo or scan of an ID document: JPEG, PNG or PDF, recognised by the file's content, not its name. */
export const VERIFICATION_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];

/** 10 MiB: a larger file is refused with 413 at the limit, before it is read any further. */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Only adults can be paid out. */
export const VERIFICATION_MIN_AGE = 18;

const pad = (value: number) => String(value).padStart(2, '0');

/** The date (YYYY-MM-DD, UTC) `years` years before `today`. */
function yearsBefore(today: Date, years: number): string {
  return `${today.getUTCFullYear() - years}-${pad(today.getUTCMonth() + 1)}-${pad(today.getUTCDate())}`;
}

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is at least `years` old on `today`. */
export function isAtLeast(dateOfBirth: string, years: number, today = new Date()): boolean {
  // ISO dates compare as strings; someone born on 29 February comes of age on 1 March in other years.
  return dateOfBirth <= yearsBefore(today, years);
}

const isoDate = /*#__PURE__*/ z.iso.date();

/** What is wrong with a date of birth (YYYY-MM-DD), or null: one message, the first problem found. */
function dateOfBirthProblem(value: string): string | null {
  if (!isoDate.safeParse(value).success) return 'Enter a real date as YYYY-MM-DD';
  if (value < '1900-01-01') return 'Enter a date after 1900';
  if (!isAtLeast(value, VERIFICATION_MIN_AGE))
    return `You must be at least ${VERIFICATION_MIN_AGE} years old`;
  return null;
}

/** A real calendar date (2023-02-29 is refused) of someone at least 18 years old. */
export const dateOfBirthSchema = /*#__PURE__*/ z
  .string()
  .trim()
  .superRefine((value, context) => {
    const message = dateOfBirthProblem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });

/** The text fields of a submission, as the person's ID document and address show them. */
export const identityVerificationFieldsSchema = /*#__PURE__*/ z.object({
  legalName: z
    .string()
    .trim()
    .min(2, 'Enter your full name as your ID document shows it')
    .max(200, 'Use at most 200 characters')
    .superRefine(refuseUnsafeName),
  dateOfBirth: dateOfBirthSchema,
  addressLine: z
    .string()
    .trim()
    .min(3, 'Enter your street address')
    .max(200, 'Use at most 200 characters')
    .superRefine(refuseUnsafeName),
  city: z
    .string()
    .trim()
    .min(1, 'Enter your city')
    .max(100, 'Use at most 100 characters')
    .superRefine(refuseUnsafeName),
  // Not every address has one (e.g. Hong Kong, Qatar): empty is allowed.
  postalCode: z
    .string()
    .trim()
    .max(20, 'Use at most 20 characters')
    .regex(/^[\p{L}\p{N} -]*$/u, 'Use only letters, digits, spaces and hyphens'),
  country: countryCodeSchema,
});
export type IdentityVerificationFields = z.infer<typeof identityVerificationFieldsSchema>;

export const VERIFICATION_STATUSES = ['NONE', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export const verificationStatusValueSchema = /*#__PURE__*/ z.enum(VERIFICATION_STATUSES);
export type VerificationStatusValue = z.infer<typeof verificationStatusValueSchema>;

/**
 * GET /v1/verifications/current (and the 202 of a submission): the latest submission of the account, NONE when
 * there is none. `reason` says why a submission was REJECTED.
 */
export const verificationStatusSchema = /*#__PURE__*/ z.object({
  status: verificationStatusValueSchema,
  submittedAt: dateStringSchema.nullable(),
  decidedAt: dateStringSchema.nullable(),
  reason: z.string().nullable().optional(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;
