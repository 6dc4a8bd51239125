/** The account's contributors; the paths follow the artists' (docs/decisions/0031-artists-api.md). */

import { contributorPageSchema, contributorSchema } from '../artist.js';
import {
  contributorListQuerySchema,
  contributorParamsSchema,
  createContributorRequestSchema,
  updateContributorRequestSchema,
} from '../requests/contributors.js';
import { endpoint, meta, noBody } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'contributors' });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/contributors',
  query: contributorListQuerySchema,
  responses: { 200: contributorPageSchema },
  summary: 'The account’s contributors, paged (default: name ascending), filtered by q and role',
  metadata: signedIn,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/contributors/:id',
  pathParams: contributorParamsSchema,
  responses: { 200: contributorSchema },
  summary: 'One of the account’s contributors',
  metadata: signedIn,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/contributors',
  body: createContributorRequestSchema,
  responses: { 201: contributorSchema },
  summary: 'Create a contributor: name, credit role, optional publisher',
  metadata: signedIn,
});

export const update = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/contributors/:id',
  pathParams: contributorParamsSchema,
  body: updateContributorRequestSchema,
  responses: { 200: contributorSchema },
  summary: 'Update a contributor: absent fields unchanged; publisher null removes it',
  metadata: signedIn,
});

export const remove = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/contributors/:id',
  pathParams: contributorParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Delete a contributor (409 while it is credited on a delivered release)',
  metadata: signedIn,
});
