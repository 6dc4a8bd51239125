/** Platform reports the trends are loaded from: upload, the loaded files' counts and their unmatched lines (admins). */

import { pageQuerySchema } from '../pagination.js';
import {
  REPORT_FILE_FIELD,
  reportFilePageSchema,
  reportFileParamsSchema,
  reportFileSchema,
  reportUploadSchema,
  unmatchedLinePageSchema,
} from '../trends.js';
import { endpoint, formDataBody, meta } from './define.js';

const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: ['admin', 'trends'] });

export const upload = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/reports',
  contentType: 'multipart/form-data',
  body: formDataBody,
  responses: { 200: reportUploadSchema, 202: reportUploadSchema },
  summary: 'Upload a platform report (DDEX DSR flat file or Tunehouse CSV): 202, loaded by a job',
  description:
    `multipart/form-data with one file part named ${REPORT_FILE_FIELD}. The file is streamed to disk and ` +
    'loaded in the background (poll GET /v1/admin/reports/{id}); 202 with the file, PENDING. The same ' +
    'content uploaded again answers 200 with the file already known and duplicate: true (nothing is ' +
    'loaded twice); a FAILED file uploaded again is tried again.',
  metadata: meta({ ...adminOnly, multipart: true }),
});

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/reports',
  query: pageQuerySchema,
  responses: { 200: reportFilePageSchema },
  summary: 'Report files, newest first, with their counts (rows, matched, unmatched, skipped, streams)',
  metadata: adminOnly,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/reports/:id',
  pathParams: reportFileParamsSchema,
  responses: { 200: reportFileSchema },
  summary: 'One report file: its status (PENDING, LOADED, FAILED with the error) and counts',
  metadata: adminOnly,
});

export const unmatched = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/reports/:id/unmatched',
  pathParams: reportFileParamsSchema,
  query: pageQuerySchema,
  responses: { 200: unmatchedLinePageSchema },
  summary: 'The lines of a report file whose ISRC/UPC match nothing in the catalogue, paged, by line',
  metadata: adminOnly,
});
