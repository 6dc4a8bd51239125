import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../platform/db.js';
import { escapeMarkup } from '../platform/escape-markup.js';
import { createArtworkStore, insertImage } from '../domains/media/index.js';
import { setAlbumArtwork } from '../domains/releases/index.js';
import { DEMO_RELEASED } from './demo-catalogue.js';
import type { MediaStorage } from '../platform/storage/index.js';

/** Two colours per demo release, so the catalogue and the trends rows tell them apart at a glance. */
const PALETTES = [
  ['#1b2a4a', '#f2a541'],
  ['#3d1c5c', '#17a398'],
  ['#5a1e2b', '#e4572e'],
];

/** A 3000×3000 cover: a gradient, a sun and the title, rendered by sharp from SVG (the store's own rules apply). */
function coverSvg(title: string, [from, to]: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="3000" height="3000" fill="url(#g)"/>
    <circle cx="1500" cy="1300" r="620" fill="#ffffff" opacity="0.85"/>
    <text x="1500" y="2500" font-family="sans-serif" font-size="260" font-weight="700" fill="#ffffff"
      text-anchor="middle">${escapeMarkup(title)}</text>
  </svg>`;
}

/**
 * Covers for Mara's LIVE demo releases that have none, stored through the same artwork store (inspection, every
 * rendition) as an upload. The draft EP keeps none: its review shows the artwork as missing, on purpose.
 */
export async function seedDemoArtwork(db: Db, dataDir: MediaStorage | string): Promise<number> {
  const { rows } = await db.query<{ id: string; account_id: string; title: string; barcode: string }>(
    `SELECT id, account_id, title, barcode FROM albums
      WHERE barcode = ANY($1) AND artwork_id IS NULL AND deleted_at IS NULL`,
    [DEMO_RELEASED.map((release) => release.barcode)],
  );
  if (rows.length === 0) return 0;
  const artworks = createArtworkStore(dataDir);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'tunehouse-demo-artwork-'));
  try {
    for (const album of rows) {
      const index = DEMO_RELEASED.findIndex((release) => release.barcode === album.barcode);
      const file = path.join(scratch, `${album.barcode}.jpg`);
      await sharp(Buffer.from(coverSvg(album.title, PALETTES[index % PALETTES.length]!)))
        .jpeg({ quality: 90 })
        .toFile(file);
      const bytes = await fs.readFile(file);
      const received = {
        path: file,
        size: bytes.length,
        filename: `${album.barcode}.jpg`,
        head: bytes.subarray(0, 64),
      };
      const field = ['artwork'];
      const stored = await artworks.save(received, await artworks.inspect(received, field), field);
      await insertImage(db, album.account_id, stored);
      await setAlbumArtwork(db, album.id, stored.id);
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return rows.length;
}
