import type { CallOptions, Endpoint, EndpointArgs, EndpointResult } from '@tunehouse/contracts';

/** A part whose fields are all optional (a list's `query`) may itself be left out. */
type OptionalWhenEmpty<T> = {
  [K in keyof T as Record<string, never> extends T[K] ? K : never]?: T[K];
} & {
  [K in keyof T as Record<string, never> extends T[K] ? never : K]: T[K];
};

/**
 * What an SDK operation takes: the endpoint's own request parts (`params`, `query`, `body`), and for the endpoints
 * that need an `Idempotency-Key` the key itself as `idempotencyKey`, optional: by default every call gets a fresh
 * UUID, sent unchanged on each of its retries.
 */
export type OperationArgs<E extends Endpoint> = OptionalWhenEmpty<Omit<EndpointArgs<E>, 'headers'>> & {
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** The endpoints that need one: the key of this intended action (a retry of it by hand reuses it). */
  idempotencyKey?: string;
};

/** `args` may be left out when the endpoint needs none of its parts (as `call()` does). */
export type OperationParameters<E extends Endpoint> =
  Partial<OperationArgs<E>> extends OperationArgs<E>
    ? [args?: OperationArgs<E>, options?: CallOptions]
    : [args: OperationArgs<E>, options?: CallOptions];

/** A paged list's answer (`libs/contracts/src/pagination.ts`): items and, while more remain, `nextOffset`. */
export interface PageLike<Item> {
  items: Item[];
  nextOffset?: number | undefined;
}

/** The helpers a paged list endpoint gains: every page, or every item, fetched as the loop asks for them. */
export interface PagingHelpers<E extends Endpoint, Item> {
  /** Each page from the `offset` asked for (default 0) until the last; `query.size` is kept for every page. */
  pages(...parameters: OperationParameters<E>): AsyncGenerator<EndpointResult<E>, void, undefined>;
  /** Each item of every page, in order. */
  items(...parameters: OperationParameters<E>): AsyncGenerator<Item, void, undefined>;
}

/** One operation: a function of the endpoint's request answering its parsed success body. */
export type Operation<E extends Endpoint> = ((
  ...parameters: OperationParameters<E>
) => Promise<EndpointResult<E>>) &
  (EndpointResult<E> extends PageLike<infer Item> ? PagingHelpers<E, Item> : unknown) & {
    /** The definition the operation calls (`endpoints.<group>.<name>`). */
    readonly endpoint: E;
  };

/** The client for a tree of endpoints: the same names, each endpoint an {@link Operation}. */
export type OperationTree<R> = {
  readonly [K in keyof R]: R[K] extends Endpoint
    ? Operation<R[K]>
    : R[K] extends Record<string, unknown>
      ? OperationTree<R[K]>
      : never;
};
