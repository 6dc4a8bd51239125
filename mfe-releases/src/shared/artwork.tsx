import type { Artwork } from '@tunehouse/contracts';
import { artworkStyle } from './styles.js';

/** The album's cover at a size, or a placeholder square saying there is none. */
export function ArtworkImage({
  artwork,
  size,
  alt,
}: {
  artwork: Artwork | null | undefined;
  size: string;
  alt: string;
}) {
  const image = artwork?.thumbnail ?? artwork?.medium ?? artwork?.large ?? artwork?.original;
  const large = parseFloat(size) > 6;
  const source = large ? (artwork?.medium ?? artwork?.large ?? image) : image;
  if (!source) {
    return (
      <div css={artworkStyle(size)} role="img" aria-label={`${alt}: no artwork yet`}>
        {large ? 'No artwork yet' : <span aria-hidden="true">♪</span>}
      </div>
    );
  }
  return (
    <img css={artworkStyle(size)} src={source.url} alt={alt} width={source.width} height={source.height} />
  );
}
