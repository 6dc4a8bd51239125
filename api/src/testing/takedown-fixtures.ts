import {
  type AlbumDetail,
  albumDetailSchema,
  albumDistributionFeeSchema,
  endpoints,
} from '@tunehouse/contracts';
import { expect } from 'vitest';
import { injectOf } from './endpoint-inject.js';
import { createUser, expectShape, login } from './fixtures.js';
import { artworkImage, completeMetadata, copyArtwork, releaseClient, wav } from './release-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * Tests' artist with releases to pay a takedown for: `published()` makes a release live whose licence year has
 * begun, so its takedown needs the whole distribution fee settled (`due`, in cents).
 */
export async function payingArtist(t: TestApp) {
  const c = releaseClient(t.app);
  const user = await createUser(t.db);
  const owner = await login(t.app, user.email);
  const artistId = (await c.artist(owner, 'Paying Artist')).id;
  const artworkAlbumId = expectShape(
    albumDetailSchema,
    await c.createForm(owner, [
      { name: 'metadata', data: JSON.stringify({ title: 'Artwork source' }) },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]),
  ).id;

  async function published(): Promise<{ album: AlbumDetail; due: number }> {
    const album = await c.album(owner, completeMetadata(artistId));
    await copyArtwork(t.db, artworkAlbumId, album.id);
    for (const track of album.tracks) await c.audio(owner, album.id, track.id, wav({ seconds: 1 }));
    const response = await c.publish(owner, album.id, { termsAccepted: true });
    expect(response.statusCode, response.body).toBe(200);
    await t.db.query(`UPDATE licences SET starts_at = current_date - 10 WHERE album_id = $1`, [album.id]);
    const fee = expectShape(
      albumDistributionFeeSchema,
      await t.app.inject(
        injectOf(endpoints.reporting.albumFee, { params: { id: String(album.id) } }, { session: owner }),
      ),
    );
    const due = fee.settlementOffer?.amountDue ?? 0;
    expect(due).toBeGreaterThan(0);
    return { album, due };
  }

  return { owner, accountId: user.account.id, client: c, published };
}
