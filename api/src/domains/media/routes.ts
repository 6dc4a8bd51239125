import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { errorResponses } from '../../platform/route-schemas.js';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, type ImageStore } from './image-store.js';
import { findImage } from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const imageFileParamsSchema = z.object({
  id: z.string().max(64),
  file: z.string().max(64),
});

/**
 * GET /v1/media/images/{id}/{rendition}.{jpg|png}: the stored image files. No session: an <img> sends none, so the
 * URL itself is the capability (a random UUID); the files of an image never change, so they cache for a year.
 */
export function mediaRoutes({ db, images }: { db: Db; images: ImageStore }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/media/images/:id/:file',
      {
        schema: {
          tags: ['media'],
          summary: 'An image rendition file (original, large, medium or thumbnail)',
          params: imageFileParamsSchema,
          response: { 200: z.any().describe('The image file (image/jpeg or image/png)'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id, file } = request.params;
        const notFound = new ApiError(404, 'NOT_FOUND', 'No such image');
        if (!UUID.test(id)) throw notFound;
        const image = await findImage(db, id);
        const [rendition, extension] = file.split('.');
        const stored = image?.renditions[rendition as keyof typeof image.renditions];
        if (!image || !stored || stored.file !== file || extension !== IMAGE_EXTENSIONS[image.format])
          throw notFound;
        const location = images.filePath(id, file);
        const stat = location ? await fs.stat(location).catch(() => null) : null;
        if (!location || !stat?.isFile()) throw notFound;
        return (
          reply
            .header('content-type', IMAGE_CONTENT_TYPES[image.format])
            .header('content-length', String(stat.size))
            .header('cache-control', 'public, max-age=31536000, immutable')
            // The web app's pages are on other origins; helmet's default (same-origin) would block the <img>.
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(createReadStream(location))
        );
      },
    );
  };
}
