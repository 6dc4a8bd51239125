import type { albumFormRequestSchema } from '@tunehouse/contracts';
import type { z } from 'zod';

/**
 * The album form as a program writes it (defaults may be left out): the JSON of `releases.albums.create` and
 * `update`, or of the `metadata` part when the artwork is sent with it as multipart/form-data.
 */
export type AlbumForm = z.input<typeof albumFormRequestSchema>;

export { ALBUM_FORM_PARTS, WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '@tunehouse/contracts';
