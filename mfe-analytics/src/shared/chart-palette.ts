import { colors } from '@tunehouse/ui';

/** Distinct line colours, the brand's first; readable on white. A line keeps its colour while others are hidden. */
export const PALETTE = [
  colors.primary,
  '#e4572e',
  '#17a398',
  '#f2a541',
  '#2456c7',
  '#c23b80',
  '#6a994e',
  '#8d6a9f',
  '#33658a',
  '#9c6644',
];

export const lineColour = (index: number): string => PALETTE[index % PALETTE.length]!;
