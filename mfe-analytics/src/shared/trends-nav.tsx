import { memo } from 'react';
import { css } from '@emotion/react';
import { colors } from '@tunehouse/ui';
import { NavLink } from '@tunehouse/area-kit';

const nav = css`
  display: flex;
  gap: 1.25rem;
  border-bottom: 1px solid ${colors.border};
  margin: -0.25rem 0 1.5rem;
  a {
    padding: 0.5rem 0.1rem 0.6rem;
    color: ${colors.inkSoft};
    font-weight: 600;
    text-decoration: none;
    border-bottom: 3px solid transparent;
    margin-bottom: -1px;
  }
  a[aria-current='page'] {
    color: ${colors.primary};
    border-bottom-color: ${colors.primary};
  }
  a:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/** Streams and Playlists: the two trends pages; the period and filters come along. */
function TrendsNavView({ search }: { search: URLSearchParams }) {
  const query = search.toString();
  const withQuery = (path: string) => (query ? `${path}?${query}` : path);
  return (
    <nav css={nav} aria-label="Trends">
      <NavLink to={withQuery('/trends')} end>
        Streams
      </NavLink>
      <NavLink to={withQuery('/trends/playlists')} end>
        Playlists
      </NavLink>
    </nav>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const TrendsNav = memo(TrendsNavView);
