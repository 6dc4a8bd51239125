import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before the request body was read to its end (a 413 or 415 on an upload, a 401 before a body is
 * looked at) closes the connection. Node drains an unread body only when nothing started reading it; an upload
 * the multipart parser stopped reading midway would otherwise hold the keep-alive connection, and the browser's
 * next call on it would wait until the socket times out.
 */
export function closeConnectionsAnsweredEarly(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
