/** The account's artists (an impersonation session sees the impersonated user's). */

import {
  artistDetailSchema,
  artistPageSchema,
  artistSuggestionsSchema,
  roleOptionsSchema,
} from '../artist.js';
import {
  artistListQuerySchema,
  artistParamsSchema,
  artistRolesQuerySchema,
  artistSuggestionsQuerySchema,
} from '../requests/artists.js';
import { createArtistBodySchema, updateArtistBodySchema } from '../requests/artist-profiles.js';
import { UNSEARCHED_PLATFORMS_HEADER } from '../unsearched-platforms-header.js';
import { endpoint, formDataBody, meta, noBody } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'artists' });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/artists',
  query: artistListQuerySchema,
  responses: { 200: artistPageSchema },
  summary: 'The account’s artists with profiles and counts, paged (default: name ascending)',
  metadata: signedIn,
});

export const suggestions = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/artists/suggestions',
  query: artistSuggestionsQuerySchema,
  responses: { 200: artistSuggestionsSchema },
  summary: 'Artist profiles on the platforms matching a name, for linking an artist',
  description:
    'Each asked platform (platform[] repeated; all profile platforms without it) is searched in its own ' +
    'catalogue when this installation has credentials for it, otherwise in the profiles already known ' +
    `here. The answer is the list of suggestions; the ${UNSEARCHED_PLATFORMS_HEADER} header says which ` +
    'catalogues were not searched and why.',
  metadata: meta({
    access: 'session',
    tag: 'artists',
    responseHeaders: {
      [UNSEARCHED_PLATFORMS_HEADER]:
        'The asked platforms whose own catalogue was not searched, with the reason: a structured-field ' +
        'dictionary, e.g. `spotify=NOT_CONFIGURED, apple_music=UNAVAILABLE` (reasons NOT_CONFIGURED, ' +
        'UNAVAILABLE, NOT_SUPPORTED). Absent when every asked catalogue was searched.',
    },
  }),
});

export const roles = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/artists/roles',
  query: artistRolesQuerySchema,
  responses: { 200: roleOptionsSchema },
  summary: 'The roles of a scope: album and track artists, or contributors (credit roles)',
  metadata: signedIn,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/artists/:id',
  pathParams: artistParamsSchema,
  responses: { 200: artistDetailSchema },
  summary: 'One of the account’s artists',
  metadata: signedIn,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/artists',
  body: createArtistBodySchema,
  responses: { 201: artistDetailSchema },
  summary: 'Create an artist with its platform profiles',
  metadata: signedIn,
});

export const update = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/artists/:id',
  pathParams: artistParamsSchema,
  body: updateArtistBodySchema,
  responses: { 200: artistDetailSchema },
  summary: 'Update an artist: absent fields unchanged; profiles, when sent, replace the whole list',
  metadata: signedIn,
});

export const remove = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/artists/:id',
  pathParams: artistParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Delete an artist (409 while it is credited on a delivered release)',
  metadata: signedIn,
});

export const setImage = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/artists/:id/image',
  pathParams: artistParamsSchema,
  contentType: 'multipart/form-data',
  body: formDataBody,
  responses: { 200: artistDetailSchema },
  summary: 'Set the artist image: multipart/form-data, one JPEG or PNG file part named image',
  description:
    'Checked by content, not name or declared type (415); at most 10 MiB (413) and 50 megapixels (413); ' +
    'renditions original, large, medium and thumbnail are made before the answer.',
  metadata: meta({ access: 'session', tag: 'artists', multipart: true }),
});

export const removeImage = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/artists/:id/image',
  pathParams: artistParamsSchema,
  body: noBody,
  responses: { 200: artistDetailSchema },
  summary: 'Remove the artist image and its files',
  metadata: signedIn,
});
