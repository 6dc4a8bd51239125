import type { Queryable } from '../../platform/db.js';
import type { ImageFormat, StoredImage, StoredRenditions } from './image-store.js';

export type ImageRow = { id: string; format: ImageFormat; renditions: StoredRenditions };

export async function insertImage(q: Queryable, accountId: string, image: StoredImage): Promise<void> {
  await q.query('INSERT INTO images (id, account_id, format, renditions) VALUES ($1, $2, $3, $4)', [
    image.id,
    accountId,
    image.format,
    JSON.stringify(image.renditions),
  ]);
}

/** Any account's image: image URLs are unguessable and carry no session (an <img> sends none). */
export async function findImage(q: Queryable, id: string): Promise<StoredImage | null> {
  const { rows } = await q.query<ImageRow>('SELECT id, format, renditions FROM images WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function deleteImage(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM images WHERE id = $1', [id]);
}
