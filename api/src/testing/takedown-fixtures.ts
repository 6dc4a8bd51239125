import { type AlbumDetail, albumDistributionFeeSchema, endpoints } from '@tunehouse/contracts';
import { expect } from 'vitest';
import { injectOf } from './endpoint-inject.js';
import { createUser, expectShape, login } from './fixtures.js';
import { publishLicensedTenDaysAgo, readyAlbums, releaseClient } from './release-fixtures.js';
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
  const readyAlbum = await readyAlbums(t, owner);

  async function published(): Promise<{ album: AlbumDetail; due: number }> {
    const album = await readyAlbum(owner, artistId);
    await publishLicensedTenDaysAgo(t, owner, album.id);
    const fee = expectShape(
      albumDistributionFeeSchema,
      await t.app.inject(
        injectOf(endpoints.licensing.albumFee, { params: { id: String(album.id) } }, { session: owner }),
      ),
    );
    const due = fee.settlementOffer?.amountDue ?? 0;
    expect(due).toBeGreaterThan(0);
    return { album, due };
  }

  return { owner, accountId: user.account.id, client: c, published };
}
