/**
 * White badge text on the theme's `colors.warn` (#a96b00) has a contrast of 4.4:1, under WCAG AA's 4.5:1 for small
 * text (axe flags it); badges here use this darker amber (6.1:1) until the theme's colour changes.
 */
export const warnBadgeColor = '#8a5700';
