export * from './theme.js';
export { errorTitleFor } from './error-titles.js';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant } from './button.js';
export { ErrorPanel, type ErrorPanelProps } from './error-panel.js';
export { Page } from './page.js';
export { FIRST_VIEWS, firstViewFor, type FirstView, type FirstViewPath } from './first-views.js';
export { TextField, type TextFieldProps } from './forms/text-field.js';
export { SelectField, type SelectFieldProps, type SelectOption } from './forms/select-field.js';
export { TextAreaField, type TextAreaFieldProps } from './forms/text-area-field.js';
export { Notice, type NoticeTone } from './notice.js';
export { Card, NarrowColumn } from './card.js';
export { countryName, countryOptions } from './countries.js';
export { Pager, type PagerProps } from './pager.js';
export { tableStyle, tableScroll, badgeStyle, stackedTableStyle } from './table.js';
export { tabBarStyle } from './tab-bar.js';
export { visuallyHidden } from './visually-hidden.js';
export { saveBlob } from './save-blob.js';
// Money is written by the contracts' money module (formatMoney), for the API and every area alike.
export {
  formatDuration,
  formatDate,
  formatDateTime,
  formatCalendarDay,
  formatMonth,
  formatShortMonth,
} from './format.js';
export { Dialog, type DialogProps, type DialogCloseReason } from './dialog.js';
export { ConfirmDialog, dangerButtonStyle, type ConfirmDialogProps } from './confirm-dialog.js';
export { ProgressBar, progressPercent, type ProgressBarProps } from './progress-bar.js';
export {
  Avatar,
  AvatarGroup,
  visibleAvatarCount,
  initialsOf,
  initialsBackground,
  type AvatarProps,
  type AvatarGroupProps,
} from './avatar.js';
export { Tooltip, TOOLTIP_DELAY_MS, type TooltipProps } from './tooltip.js';
export {
  useNearViewport,
  NEAR_VIEWPORT_MARGIN_PX,
  type NearViewportOptions,
  type WhenReady,
} from './near-viewport.js';
export { DrawWhenInView, type DrawWhenInViewProps } from './draw-when-in-view.js';
