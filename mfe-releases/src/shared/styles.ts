import { css } from '@emotion/react';
import { colors, mq, radius } from '@tunehouse/ui';

export const muted = css`
  color: ${colors.muted};
`;

export const lede = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin: 0 0 1.25rem;
`;

/** A row of buttons and links; wraps on phones. */
export const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-top: 1.25rem;
`;

/** The save bar under a step form: the save buttons on the right, a note on the left. */
export const saveBar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 1.5rem;
  padding-top: 1.25rem;
  border-top: 1px solid ${colors.border};
  & > span {
    flex: 1 1 100%;
    color: ${colors.inkSoft};
  }
  & > button {
    flex: 1 1 auto;
  }
  ${mq('tablet')} {
    & > span {
      flex: 1 1 auto;
    }
    & > button {
      flex: none;
    }
  }
`;

/** A label: value list that stacks on phones. */
export const facts = css`
  display: grid;
  grid-template-columns: 1fr;
  align-items: baseline;
  gap: 0.15rem 1.5rem;
  margin: 0;
  dt {
    color: ${colors.muted};
    font-size: 0.85rem;
    margin-top: 0.6rem;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${mq('tablet')} {
    grid-template-columns: max-content 1fr;
    dt {
      margin-top: 0;
    }
  }
`;

export const artworkStyle = (size: string) => css`
  flex: none;
  width: ${size};
  height: ${size};
  border-radius: ${radius.medium};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  object-fit: cover;
  display: grid;
  place-items: center;
  color: ${colors.muted};
  font-size: 0.75rem;
  text-align: center;
  overflow: hidden;
`;

export { tableScroll } from '@tunehouse/ui';

/** A white panel around a table or list on the tinted page. */
export const panel = css`
  background: ${colors.paper};
  border: 1px solid ${colors.border};
  border-radius: ${radius.large};
  overflow: hidden;
`;

export const linkStyle = css`
  color: ${colors.primary};
  font-weight: 600;
  text-underline-offset: 2px;
`;

/** The small "E" beside an explicit track's title, in the track list and the content review alike. */
export const explicitBadge = css`
  display: inline-block;
  margin-left: 0.4rem;
  padding: 0 0.3rem;
  border: 1px solid ${colors.inkSoft};
  border-radius: 3px;
  font-size: 0.68rem;
  font-weight: 700;
  color: ${colors.inkSoft};
  vertical-align: 0.1em;
`;
