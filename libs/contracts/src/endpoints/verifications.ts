/** Identity verification of the signed-in user's account. */

import { verificationStatusSchema } from '../verifications.js';
import { endpoint, formDataBody, meta } from './define.js';

export const submit = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/verifications',
  contentType: 'multipart/form-data',
  body: formDataBody,
  responses: { 202: verificationStatusSchema },
  summary: 'Submit identity details and an ID document for verification: 202, PENDING',
  description:
    'multipart/form-data: legalName, dateOfBirth (YYYY-MM-DD, 18 or older), addressLine, city, ' +
    'postalCode (may be empty), country (ISO code, XK included) and one file part named document: ' +
    'JPEG, PNG or PDF by content (415), at most 10 MiB (413). 409 while a submission is under review ' +
    'or once verified; 403 for an impersonation. The provider decides later; an approval sets ' +
    'account.verifiedAt.',
  // A person's identity document, sent by that person: never by a program's key (0087).
  metadata: meta({
    access: 'session',
    tag: 'verifications',
    multipart: true,
    botCheck: 'verify_identity',
    keys: 'never',
  }),
});

export const current = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/verifications/current',
  responses: { 200: verificationStatusSchema },
  summary: 'The account’s latest identity verification: NONE, PENDING, APPROVED or REJECTED',
  metadata: meta({ access: 'session', tag: 'verifications' }),
});
