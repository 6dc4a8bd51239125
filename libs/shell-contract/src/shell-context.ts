import type { QueryClient } from '@tanstack/query-core';
import type { HelpLinks } from './help-links.js';

/** Something that parses an unknown value into T (a zod schema fits). */
export interface Parser<T> {
  parse(input: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface ApiRequest<T> {
  method: HttpMethod;
  /** Path below the API base URL, e.g. `/v2/albums`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON-serialisable body, or FormData for uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Parses the answer; without it the body is returned unparsed (or undefined on 204). */
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Since 1.1: bytes of the body sent so far, for upload progress bars. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * Since 1.1: `'blob'` answers the body as a Blob (files such as a PDF) instead of parsing JSON; `schema` is not
   * used then. Errors are still read as the API's JSON error body. Default `'json'`.
   */
  responseType?: 'json' | 'blob';
  /**
   * Since 1.3: told the headers of the answer the request resolves with (a success), before it resolves — for
   * what an endpoint sends beside its body (e.g. `X-Unsearched-Platforms`). A shell before 1.3 ignores it, so an
   * area must do without it (show less, never fail).
   */
  onResponseHeaders?: (headers: Headers) => void;
}

/** The one API client, owned by the shell. */
export interface ApiPort {
  request<T = unknown>(request: ApiRequest<T>): Promise<T>;
}

/** What an area may know about the signed-in user. */
export interface SessionUserView {
  id: string | number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt?: string | undefined;
  account: {
    id: string | number;
    country?: string | null | undefined;
    city?: string | null | undefined;
    verifiedAt?: string | null | undefined;
    suspendedAt?: string | null | undefined;
  };
}

export interface SessionView {
  user: SessionUserView;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isSuspended: boolean;
  isChallenged: boolean;
  /** E-mail of the admin who is viewing the product as this user (impersonation), if any. */
  adminEmail?: string | null | undefined;
  /** How the open challenge of a challenged session is answered (since 1.1). */
  challengeMethod?: 'totp' | 'email' | undefined;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The challenge id and secret an e-mailed link carries (activation, password reset). */
export interface EmailedLink {
  challengeId: string;
  secret: string;
}

export interface SignupFields extends Credentials {
  firstName: string;
  lastName: string;
  country?: string | undefined;
  city?: string | undefined;
  /** The page to open once the mailed activation link signs the new user in (a path on this site). */
  returnTo?: string | undefined;
}

/** What a sign-up answers, the same whether or not the address has an account: look in the mail box. */
export interface SignupReceiptView {
  email: string;
  status: 'CHECK_MAIL';
}

/**
 * What a failed API call looks like to an area, whatever client the shell uses: the HTTP status (500 when there
 * was no answer), the server's error code, and field issues whose path names the request field
 * (`['body', 'email']`).
 */
export interface ApiErrorView {
  status: number;
  code?: string | undefined;
  message: string;
  details?: { path: (string | number)[]; message: string }[] | undefined;
}

export interface SessionPort {
  /** The current session, or null when signed out. */
  current(): SessionView | null;
  /** Called with the new session (or null) whenever it changes. Returns the unsubscribe function. */
  subscribe(listener: (session: SessionView | null) => void): () => void;
  refresh(): Promise<void>;
  logout(): Promise<void>;
  patchUser(
    patch: Partial<Pick<SessionUserView, 'firstName' | 'lastName'>> & Record<string, unknown>,
  ): Promise<void>;
  /** Since 1.1: the sign-in flows. Each resolves with the session it leaves, or rejects with an ApiErrorView. */
  login(credentials: Credentials): Promise<SessionView>;
  verify(secret: string): Promise<SessionView>;
  /**
   * Registers without signing in (since contract 1.4.0): the answer never tells whether the address already had an
   * account; the activation link in the mail signs the new user in (`activateEmail`).
   */
  signup(fields: SignupFields): Promise<SignupReceiptView>;
  activateEmail(link: EmailedLink): Promise<SessionView>;
  /** The same answer whether or not the address has an account. */
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: EmailedLink & { password: string }): Promise<SessionView>;
  /** Admin only: views the product as the user; `returnTo` is where 'Back to admin' leads. */
  impersonate(userId: string | number, returnTo: string): Promise<SessionView>;
  /** Ends an impersonation ('Back to admin') and answers the route to go to. */
  endImpersonation(): Promise<string>;
}

export type ToastLevel = 'INFO' | 'ERROR' | 'SUCCESS' | 'WARN';

export interface ToastPort {
  push(message: string, level?: ToastLevel): string;
  dismiss(id: string): void;
}

/** A track for the audio preview player. */
export interface PlayerTrack {
  id: string | number;
  url: string;
  title?: string | undefined;
  artists?: string[] | undefined;
  range?: { start: number; duration: number; label?: string | undefined } | undefined;
}

export interface PlayerPort {
  play(track: PlayerTrack): void;
  toggle(track: PlayerTrack): void;
  seek(seconds: number): void;
  reset(): void;
  show(): void;
  hide(): void;
  minimize(): void;
  maximize(): void;
}

/** Product analytics (page:error from the error page, login after a login); best effort, never throws. */
export interface AnalyticsPort {
  track(name: string, properties?: Record<string, unknown>): void;
}

/** What an error report says about where it happened; nothing about the person beyond the shell's user id. */
export interface ErrorReportContext {
  /** The area's name (`wallet`), or `shell`. */
  area: string;
  /** The area's deployed version, as the registry names it. */
  areaVersion?: string | undefined;
  /** The route template that was showing (`/albums/:id/edit/:step`), never the address itself. */
  route?: string | undefined;
}

/**
 * Since 1.5: reports an error to the error-reporting service (Sentry's envelope protocol), when the shell has a DSN
 * configured; otherwise does nothing. Best effort, never throws. The shell adds its release and the user id.
 */
export interface ErrorReportPort {
  report(error: unknown, context: ErrorReportContext): void;
}

export interface ProgressPort {
  start(): void;
  done(): void;
}

export interface PageMeta {
  title?: string | undefined;
  description?: string | undefined;
  /** Since 1.1: the page needs the layout's minimum width (900px) and scrolls sideways below it. */
  minWidth?: boolean | undefined;
}

export interface ShellConfig {
  apiBaseUrl: string;
  supportEmail: string;
  productName: string;
  /** Absolute site URL, for links that leave the product (invite links, e-mails). */
  siteUrl: string;
  /** Since 1.1: every external help link, one configuration map. */
  helpLinks: HelpLinks;
}

/** Everything the shell gives an area. Areas never create their own session, API client or QueryClient. */
export interface ShellContext {
  contractVersion: string;
  session: SessionPort;
  api: ApiPort;
  queryClient: QueryClient;
  toasts: ToastPort;
  player: PlayerPort;
  progress: ProgressPort;
  /** Since 1.1. */
  analytics: AnalyticsPort;
  /** Since 1.5; absent in an older shell. */
  errors?: ErrorReportPort | undefined;
  navigate(to: string): void;
  setPageMeta(meta: PageMeta): void;
  config: ShellConfig;
}
