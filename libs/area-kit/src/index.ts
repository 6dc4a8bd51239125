export {
  createArea,
  AreaRoot,
  type AreaDefinition,
  type AreaRoute,
  type AreaMountProps,
} from './create-area.js';
export { RoutePlaceholder } from './route-placeholder.js';
export { PAGE_LOADING_MARKER, lazyPage } from './lazy-page.js';
export { AreaNotFound } from './area-not-found.js';
export { useShell, ShellProvider } from './shell-react-context.js';
export { usePageMeta } from './use-page-meta.js';
export { useListSearch } from './use-list-search.js';
export { fieldErrorsOf, messageOf } from './api-errors.js';
export { applyFieldErrors, type FieldPlacement, type SetFieldError } from './apply-field-errors.js';
export { PageLoadError } from './page-load-error.js';
export { LoadFailure } from './load-failure.js';
export { QueryState } from './query-state.js';
export { MoneyReadOnlyNotice, moneyReadOnlyReason, useSession, useViewingAs } from './impersonation.js';
export {
  Link,
  NavLink,
  Redirect,
  useIsCurrent,
  useLocationHash,
  useNavigate,
  useParams,
  usePathname,
  useSearchParams,
} from './routing.js';
export { AdminFrame, ADMIN_SECTIONS, currentUserQuery } from './admin-frame.js';
export { ShellLink, isModifiedClick, type ShellLinkProps } from './shell-link.js';
export { isMissing } from './is-missing.js';
export { goToCheckout, startTakedownPayment } from './checkout.js';
export { useApiForm, type ApiForm, type ApiFormOptions } from './use-api-form.js';
export { DownloadButton } from './download-button.js';
export { platformCurrencyQuery, usePlatformCurrency, useMoney } from './platform-currency.js';
