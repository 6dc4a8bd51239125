/** Breakpoints, in px: each is the minimum width of its range. */
export const breakpoints = { mobile: 0, tablet: 720, desktop: 960, wide: 1180 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Stacking order: toasts above everything, then the loading bar, dialogs, header and player. */
export const zIndex = {
  progressHeader: 100,
  subHeader: 150,
  audioPlayer: 240,
  header: 250,
  adminHeader: 260,
  dialog: 300,
  loadingBar: 500,
  toast: 9999,
} as const;

/** Layout constants: content width bounds, header height, sidebar width. */
export const layout = {
  maxWidth: '1200px',
  minWidth: '900px',
  headerHeight: '3.4rem',
  sidebarWidth: '21em',
} as const;

export const colors = {
  ink: '#16131f',
  inkSoft: '#4a4658',
  muted: '#6b6780',
  paper: '#ffffff',
  surface: '#f6f5fa',
  border: '#e3e0ec',
  primary: '#5533e6',
  primaryHover: '#4526c9',
  primaryInk: '#ffffff',
  accent: '#ff7a45',
  danger: '#c62f2f',
  success: '#1c7f4a',
  warn: '#8a5700',
  info: '#2456c7',
  focus: '#8f7bff',
} as const;

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
} as const;

export const space = (steps: number): string => `${steps * 0.25}rem`;

export const radius = { small: '4px', medium: '8px', large: '14px', round: '999px' } as const;

export const theme = { breakpoints, zIndex, layout, colors, fonts, radius } as const;
export type TunehouseTheme = typeof theme;

/** Media query for a breakpoint and up, e.g. `${mq('desktop')} { ... }`. */
export function mq(breakpoint: Breakpoint): string {
  return `@media (min-width: ${breakpoints[breakpoint]}px)`;
}

/** The breakpoint a viewport width falls in. */
export function breakpointFor(width: number): Breakpoint {
  if (width >= breakpoints.wide) return 'wide';
  if (width >= breakpoints.desktop) return 'desktop';
  if (width >= breakpoints.tablet) return 'tablet';
  return 'mobile';
}
