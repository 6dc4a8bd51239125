import { css } from '@emotion/react';
import { colors, radius } from './theme.js';

/**
 * A row of page tabs under a page title: a `<nav>` of links, the current one (`aria-current="page"`, as the
 * area-kit's NavLink marks it) underlined in the primary colour. It scrolls sideways when the tabs outgrow a
 * phone's width rather than wrapping onto a second row.
 */
export const tabBarStyle = css`
  display: flex;
  gap: 0.25rem;
  overflow-x: auto;
  margin: 0 0 1.5rem;
  padding: 0 0 1px;
  border-bottom: 1px solid ${colors.border};
  a {
    flex: none;
    padding: 0.6rem 0.85rem;
    color: ${colors.inkSoft};
    font-weight: 600;
    text-decoration: none;
    border-bottom: 3px solid transparent;
    border-radius: ${radius.small} ${radius.small} 0 0;
    margin-bottom: -1px;
  }
  a:hover {
    color: ${colors.ink};
    background: ${colors.surface};
  }
  a[aria-current='page'] {
    color: ${colors.primary};
    border-bottom-color: ${colors.primary};
  }
  a:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;
