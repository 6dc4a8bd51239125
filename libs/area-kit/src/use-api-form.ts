import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ShellContext } from '@tunehouse/shell-contract';
import { fieldErrorsOf, messageOf } from './api-errors.js';
import { useShell } from './shell-react-context.js';

/** A toast's text: fixed, or made from what was sent and what the API answered. */
type ToastText<Input, Result> = string | ((result: Result, input: Input) => string);

export interface ApiFormOptions<Input, Result> {
  /** The write: one API call (or a few), with the shell's API port. */
  send: (input: Input, api: ShellContext['api']) => Promise<Result>;
  /**
   * What follows a success before the form stops being busy (read the changed data afresh, empty the form, close
   * a dialog). Awaited, so a list that shows the change is fresh when the button comes back.
   */
  onSuccess?: (result: Result, input: Input) => unknown;
  /** What follows a failure, before its errors show (a payout's idempotency key renewed after a refusal). */
  onError?: (error: unknown, input: Input) => void;
  /** Said in a toast once it worked. */
  successToast?: ToastText<Input, Result>;
  /** Said in a toast when it failed, besides the form's own message (for a write started outside a form). */
  failureToast?: boolean;
  /**
   * For a form whose fields a form library holds (react-hook-form): puts the API's field issues on those fields and
   * answers the form's message, null when every issue found its field (`applyFieldErrors` with the form's
   * `setError`). Without it the issues go to `fieldErrors` and every failure has a form message.
   */
  placeFieldErrors?: (error: unknown) => string | null;
}

export interface ApiForm<Input, Result> {
  /** Sends; answers the API's result, or undefined when it failed (the failure is on `fieldErrors`/`formError`). */
  submit: (input: Input) => Promise<Result | undefined>;
  /** True while the write runs and its onSuccess is finishing: the submit button shows it and is disabled. */
  busy: boolean;
  /** True once the last write worked (until the next one or a reset): a button that leaves the page stays off. */
  succeeded: boolean;
  /**
   * The API's validation issues keyed by field path below the request part (`iban`, `tracks.0.isrc`), the first
   * message per field; or the form's own checks, put there with `setFieldErrors`.
   */
  fieldErrors: Record<string, string>;
  /** The failure as one sentence for the top of the form (never a stack trace); null when none. */
  formError: string | null;
  /** A check the form makes itself before sending (a country that must be chosen). */
  setFieldErrors: (errors: Record<string, string>) => void;
  /** Forgets the errors (a dialog that closes). */
  reset: () => void;
}

/**
 * One write of a form or a dialog, the same way in every area: TanStack Query's `useMutation` for the busy state,
 * the API's field issues mapped by field path, the form's message, and a toast on success (and on failure, when
 * asked). Errors of the last try stay until the next submit or a reset.
 */
export function useApiForm<Input, Result>(options: ApiFormOptions<Input, Result>): ApiForm<Input, Result> {
  const shell = useShell();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation<Result, unknown, Input>({
    mutationFn: (input) => options.send(input, shell.api),
    onMutate: () => {
      setFieldErrors({});
      setFormError(null);
    },
    onSuccess: async (result, input) => {
      await options.onSuccess?.(result, input);
      const text = options.successToast;
      if (text) shell.toasts.push(typeof text === 'function' ? text(result, input) : text, 'SUCCESS');
    },
    onError: (error, input) => {
      options.onError?.(error, input);
      const message = messageOf(error);
      if (options.placeFieldErrors) setFormError(options.placeFieldErrors(error));
      else {
        setFieldErrors(fieldErrorsOf(error));
        setFormError(message);
      }
      if (options.failureToast) shell.toasts.push(message, 'ERROR');
    },
  });
  return {
    submit: (input) => mutation.mutateAsync(input).catch(() => undefined),
    busy: mutation.isPending,
    succeeded: mutation.isSuccess,
    fieldErrors,
    formError,
    setFieldErrors,
    reset: () => {
      mutation.reset();
      setFieldErrors({});
      setFormError(null);
    },
  };
}
