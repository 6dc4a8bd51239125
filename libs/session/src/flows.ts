import type { Session } from '@tunehouse/contracts';
import { isChallengedSession } from './flags.js';
import type { SessionManager } from './manager.js';

/** A tiny observable value (no React): read it, listen to it. */
export interface Store<S> {
  getState(): S;
  subscribe(listener: (state: S) => void): () => void;
}

export function createStore<S>(initial: S): Store<S> & { setState(next: S): void } {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    getState: () => state,
    setState(next) {
      state = next;
      for (const listener of [...listeners]) listener(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Analytics hook: a successful login is tracked as the event `login`. */
export type Track = (event: string, props: Record<string, unknown>) => void;

export type LoginFlowState =
  | { status: 'IDLE' }
  | { status: 'LOADING' }
  | { status: 'SUCCESS'; session: Session }
  | { status: 'CHALLENGE'; session: Session }
  | { status: 'ERROR'; error: unknown };

export interface LoginFlow extends Store<LoginFlowState> {
  /** Logs in; a call while one is LOADING is ignored (it gets the running call's outcome). */
  login(email: string, password: string): Promise<LoginFlowState>;
  reset(): void;
}

/**
 * Login: IDLE → LOADING → SUCCESS, or CHALLENGE when the answered session has an open challenge (the
 * second step follows at /auth/challenge), or ERROR carrying the error.
 */
export function createLoginFlow(
  manager: Pick<SessionManager, 'login'>,
  options: { track?: Track } = {},
): LoginFlow {
  const store = createStore<LoginFlowState>({ status: 'IDLE' });
  let running: Promise<LoginFlowState> | null = null;

  async function run(email: string, password: string): Promise<LoginFlowState> {
    store.setState({ status: 'LOADING' });
    let session: Session;
    try {
      session = await manager.login(email, password);
    } catch (error) {
      const failed: LoginFlowState = { status: 'ERROR', error };
      store.setState(failed);
      return failed;
    }
    const challenged = isChallengedSession(session);
    const next: LoginFlowState = challenged
      ? { status: 'CHALLENGE', session }
      : { status: 'SUCCESS', session };
    store.setState(next);
    try {
      options.track?.('login', { userId: session.user.id, challenged });
    } catch {
      // Analytics never breaks a login.
    }
    return next;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    login(email, password) {
      if (running) return running;
      running = run(email, password).finally(() => {
        running = null;
      });
      return running;
    },
    reset() {
      if (!running) store.setState({ status: 'IDLE' });
    },
  };
}

export type VerificationFlowState =
  | { status: 'IDLE' }
  | { status: 'LOADING' }
  | { status: 'SUCCESS'; session: Session }
  | { status: 'ERROR'; error: unknown };

export interface VerificationFlow extends Store<VerificationFlowState> {
  /** Verifies the challenged session with its secret; a call while one is LOADING is ignored. */
  verify(secret: string, headers?: Record<string, string>): Promise<VerificationFlowState>;
  reset(): void;
}

/** Verification with a secret: IDLE → LOADING → SUCCESS or ERROR. */
export function createVerificationFlow(manager: Pick<SessionManager, 'verify'>): VerificationFlow {
  const store = createStore<VerificationFlowState>({ status: 'IDLE' });
  let running: Promise<VerificationFlowState> | null = null;

  async function run(secret: string, headers?: Record<string, string>): Promise<VerificationFlowState> {
    store.setState({ status: 'LOADING' });
    let next: VerificationFlowState;
    try {
      next = { status: 'SUCCESS', session: await manager.verify(secret, headers) };
    } catch (error) {
      next = { status: 'ERROR', error };
    }
    store.setState(next);
    return next;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    verify(secret, headers) {
      if (running) return running;
      running = run(secret, headers).finally(() => {
        running = null;
      });
      return running;
    },
    reset() {
      if (!running) store.setState({ status: 'IDLE' });
    },
  };
}
