export * from './theme.js';
export { errorTitleFor } from './error-titles.js';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant } from './button.js';
export { ErrorPanel, type ErrorPanelProps } from './error-panel.js';
export { Page } from './page.js';
