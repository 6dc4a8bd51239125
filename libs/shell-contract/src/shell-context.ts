import type { QueryClient } from '@tanstack/query-core';

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
}

export type ToastLevel = 'INFO' | 'ERROR' | 'SUCCESS' | 'WARN';

export interface ToastPort {
  push(message: string, level?: ToastLevel): string;
  dismiss(id: string): void;
}

/** Spec §3 Audio track (player item). */
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

export interface ProgressPort {
  start(): void;
  done(): void;
}

export interface PageMeta {
  title?: string | undefined;
  description?: string | undefined;
}

export interface ShellConfig {
  apiBaseUrl: string;
  supportEmail: string;
  productName: string;
  /** Absolute site URL, for links that leave the product (invite links, e-mails). */
  siteUrl: string;
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
  navigate(to: string): void;
  setPageMeta(meta: PageMeta): void;
  config: ShellConfig;
}
