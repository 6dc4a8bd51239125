import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ShellContext, ToastLevel } from '@tunehouse/shell-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellProvider } from './shell-react-context.js';
import { useApiForm, type ApiFormOptions } from './use-api-form.js';

/** A promise the test settles when it wants, so the busy state can be seen. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Options = ApiFormOptions<{ iban: string }, { id: string }>;

function Form({ options }: { options: Options }) {
  const form = useApiForm(options);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit({ iban: 'GB00' });
      }}
    >
      {form.formError && <p role="alert">{form.formError}</p>}
      <p>iban error: {form.fieldErrors['iban'] ?? 'none'}</p>
      <p>owner error: {form.fieldErrors['owner.name'] ?? 'none'}</p>
      {form.succeeded && <p>done</p>}
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function renderForm(options: Options) {
  const toasts: [string, ToastLevel | undefined][] = [];
  const shell = {
    api: { request: () => Promise.reject(new Error('not used')) },
    toasts: { push: (message: string, level?: ToastLevel) => String(toasts.push([message, level])) },
  } as unknown as ShellContext;
  render(
    <ShellProvider value={shell}>
      <QueryClientProvider client={new QueryClient()}>
        <Form options={options} />
      </QueryClientProvider>
    </ShellProvider>,
  );
  return { toasts };
}

const save = () => act(async () => void fireEvent.click(screen.getByRole('button')));

afterEach(cleanup);

describe('useApiForm', () => {
  it('is busy while the write and its follow-up run, then says so in a toast', async () => {
    const write = deferred<{ id: string }>();
    const followUp = deferred<void>();
    const { toasts } = renderForm({
      send: () => write.promise,
      onSuccess: () => followUp.promise,
      successToast: (result) => `Saved ${result.id}.`,
    });
    await save();
    expect(screen.getByRole('button', { name: 'Saving…' }).hasAttribute('disabled')).toBe(true);
    await act(async () => write.resolve({ id: 'm-1' }));
    // The list is still being read afresh: still busy, no toast yet.
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(toasts).toEqual([]);
    await act(async () => followUp.resolve());
    expect((await screen.findByRole('button', { name: 'Save' })).hasAttribute('disabled')).toBe(false);
    expect(toasts).toEqual([['Saved m-1.', 'SUCCESS']]);
  });

  it('puts the API’s validation issues on their field paths and the message on the form', async () => {
    const { toasts } = renderForm({
      send: () =>
        Promise.reject({
          status: 400,
          message: 'Check the highlighted fields',
          details: [
            { path: ['body', 'iban'], message: 'Not a valid IBAN' },
            { path: ['body', 'owner', 'name'], message: 'Required' },
          ],
        }),
      successToast: 'Saved.',
    });
    await save();
    expect(screen.getByText('iban error: Not a valid IBAN')).toBeTruthy();
    expect(screen.getByText('owner error: Required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('says a failure in a toast too when asked, and forgets the last errors on the next try', async () => {
    let attempt = 0;
    const failures: unknown[] = [];
    const { toasts } = renderForm({
      send: async () => {
        attempt += 1;
        if (attempt === 1) throw { status: 409, message: 'Already added' };
        return { id: 'm-2' };
      },
      onError: (error) => failures.push(error),
      failureToast: true,
    });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Already added');
    expect(toasts).toEqual([['Already added', 'ERROR']]);
    expect(failures).toEqual([{ status: 409, message: 'Already added' }]);
    expect(screen.queryByText('done')).toBeNull();
    await save();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('done')).toBeTruthy();
  });

  it('hands the field issues to a form library when asked, with no form message once each found its field', async () => {
    const placed: unknown[] = [];
    const refusal = {
      status: 400,
      message: 'Check the highlighted fields',
      details: [{ path: ['body', 'iban'], message: 'Not a valid IBAN' }],
    };
    renderForm({
      send: () => Promise.reject(refusal),
      placeFieldErrors: (error) => {
        placed.push(error);
        return null;
      },
    });
    await save();
    expect(placed).toEqual([refusal]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('iban error: none')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
