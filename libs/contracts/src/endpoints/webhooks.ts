/**
 * The account's webhook endpoints and their delivery log (docs/decisions/0088-webhooks.md). The events they are
 * sent: webhook-events.ts, listed in the OpenAPI document's `webhooks` section.
 */

import {
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '../webhook-events.js';
import { endpoint, meta, noBody } from './define.js';

const webhooks = /*#__PURE__*/ meta({ access: 'session', tag: 'webhooks' });
/** Not from an administrator's impersonation (docs/decisions/0090-report-loaded-and-admin-keys.md). */
const webhooksWrite = /*#__PURE__*/ meta({ access: 'session', tag: 'webhooks', integrationWrite: true });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/webhooks',
  responses: { 200: webhookEndpointListSchema },
  summary: 'The account’s webhook endpoints, oldest first',
  metadata: webhooks,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/webhooks',
  body: webhookEndpointCreateSchema,
  responses: { 201: webhookEndpointWithSecretSchema },
  summary: 'Register an HTTPS endpoint for chosen event types; answers its signing secret, once',
  description:
    'The URL must be https://. A host that resolves to a private, loopback, link-local or unique-local address is ' +
    '422 UNPROCESSABLE (unless the installation allows private addresses). At most 10 endpoints per account.',
  metadata: webhooksWrite,
});

export const update = /*#__PURE__*/ endpoint({
  method: 'PATCH',
  path: '/v1/webhooks/:id',
  pathParams: webhookEndpointParamsSchema,
  body: webhookEndpointUpdateSchema,
  responses: { 200: webhookEndpointSchema },
  summary: 'Change an endpoint’s URL or event types, or turn it off or on again',
  metadata: webhooksWrite,
});

export const remove = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/webhooks/:id',
  pathParams: webhookEndpointParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Delete an endpoint and its delivery log',
  metadata: webhooksWrite,
});

export const rotateSecret = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/webhooks/:id/secret',
  pathParams: webhookEndpointParamsSchema,
  body: noBody,
  responses: { 200: webhookEndpointWithSecretSchema },
  summary: 'Replace an endpoint’s signing secret; answers the new one, once',
  metadata: webhooksWrite,
});

export const deliveries = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/webhooks/:id/deliveries',
  pathParams: webhookEndpointParamsSchema,
  responses: { 200: webhookDeliveryListSchema },
  summary: 'An endpoint’s newest 100 deliveries: status, attempts, last response code, next attempt',
  metadata: webhooks,
});

export const resend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/webhooks/:id/deliveries/:deliveryId/resend',
  pathParams: webhookDeliveryParamsSchema,
  body: noBody,
  responses: { 202: webhookDeliverySchema },
  summary: 'Send a delivery’s event to the endpoint again, as a new delivery',
  description: 'The endpoint must be on (409 CONFLICT otherwise).',
  metadata: webhooksWrite,
});
