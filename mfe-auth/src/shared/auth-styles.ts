import { css } from '@emotion/react';
import { colors } from '@tunehouse/ui';

export const lede = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin: 0;
`;

export const formActions = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  margin-top: 1.25rem;
`;

export const afterForm = css`
  margin-top: 2rem;
  padding-top: 1.25rem;
  border-top: 1px solid ${colors.border};
  color: ${colors.inkSoft};
`;
