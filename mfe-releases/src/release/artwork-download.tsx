import type { Artwork, ImageRendition } from '@tunehouse/contracts';
import { ArtworkImage } from '../shared/artwork.js';
import { linkStyle, muted } from '../shared/styles.js';

/** The biggest file of the artwork (by pixels; the original wins a tie, being the upload itself). */
export function largestRendition(artwork: Artwork): ImageRendition {
  const candidates = [artwork.original, artwork.artwork, artwork.large, artwork.medium, artwork.thumbnail];
  return candidates
    .filter((rendition): rendition is ImageRendition => Boolean(rendition))
    .reduce((best, next) => (next.width * next.height > best.width * best.height ? next : best));
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The cover for posts and press: a preview and a link to its largest file. */
export function ArtworkDownload({ artwork, title }: { artwork: Artwork | null | undefined; title: string }) {
  if (!artwork)
    return <p css={muted}>The release has no artwork yet. Add it in the editor’s Artwork step.</p>;
  const file = largestRendition(artwork);
  const type = file.name.split('.').pop()?.toUpperCase() ?? '';
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
      <ArtworkImage artwork={artwork} size="8rem" alt={`Artwork of ${title}`} />
      <div>
        <p css={{ margin: '0 0 0.5rem' }}>
          {file.width} × {file.height} px{type ? `, ${type}` : ''}, {megabytes(file.size)}
        </p>
        {/* A cross-origin API makes browsers ignore `download` and open the image instead; it can be saved from there. */}
        <a css={linkStyle} href={file.url} download={file.name} target="_blank" rel="noreferrer noopener">
          Download artwork
        </a>
      </div>
    </div>
  );
}
