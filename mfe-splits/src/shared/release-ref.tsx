import type { CSSProperties, ReactNode } from 'react';
import { css } from '@emotion/react';
import type { SplitAlbumRef } from '@tunehouse/contracts';
import { colors, radius } from '@tunehouse/ui';

const refStyle = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
  img,
  .cover {
    flex: none;
    width: var(--cover-size);
    height: var(--cover-size);
    border-radius: ${radius.small};
    object-fit: cover;
    background: ${colors.surface};
  }
  .artist {
    display: block;
    color: ${colors.inkSoft};
    font-size: 0.9rem;
  }
`;

/** A release as splits name it: its cover, title and artist. The cover is decoration; the title says it all. */
export function ReleaseRef({
  album,
  size = 'small',
  title,
}: {
  album: Pick<SplitAlbumRef, 'title' | 'artistName' | 'coverUrl'>;
  size?: 'small' | 'large';
  /** The title as a link or a heading; the plain title otherwise. */
  title?: ReactNode;
}) {
  return (
    <div css={refStyle} style={{ '--cover-size': size === 'small' ? '3rem' : '6rem' } as CSSProperties}>
      {album.coverUrl ? <img src={album.coverUrl} alt="" /> : <span className="cover" aria-hidden="true" />}
      <span>
        {title ?? <span>{album.title}</span>}
        {album.artistName && <span className="artist">{album.artistName}</span>}
      </span>
    </div>
  );
}
