import { act, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShellContext } from '../services/create-shell-context.js';
import { locationStore } from '../services/location-store.js';
import { AREA_SLOT_ID } from '../registry/area-slot.js';
import {
  handOverPrerenderedForm,
  PRERENDERED_FORM_ATTRIBUTE,
  prerenderedLoginShown,
  SUBMIT_REQUESTED_ATTRIBUTE,
} from './login-handover.js';
import {
  TEST_CONFIG,
  hydrateWithoutMismatch,
  prerenderedRoot,
  silentAnalytics,
} from './hydration-testing.js';
import { PRERENDERED_ATTRIBUTE, prerenderedViewFor } from './prerendered-view.js';
import { renderPage } from './render-page.js';

/**
 * `/auth/login` before the shell (docs/decisions/0082-layout-shift-and-startup-work.md): what the visitor typed into
 * the form the build drew, before any script ran, is still there when the auth area's form has taken its place —
 * in the area's own state, not only in the inputs — with the focus, and a submit made meanwhile is sent by the area.
 */
const owners = { auth: ['/auth/login', '/auth/forgot'] };

const roots: Root[] = [];
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots.length = 0;
  document.body.replaceChildren();
  prerenderedLoginShown.set(true);
  locationStore.set({ pathname: '/', search: '' });
});

/**
 * The area's form as react-hook-form's `register` makes it: uncontrolled inputs whose ref callback writes the
 * default value into the DOM on mount, and whose onChange is the only way a value reaches the form's state.
 */
function AreaLoginForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  // The form's state, outside React's as react-hook-form keeps it.
  const values = { current: { email: '', password: '' } as Record<string, string> };
  const register = (name: string) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      if (input) input.value = values.current[name] ?? '';
    },
    onChange: (event: { target: HTMLInputElement }) => {
      values.current[name] = event.target.value;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values.current });
  };
  return (
    <form aria-label="Log in" noValidate onSubmit={submit}>
      <label htmlFor="area-email">E-mail address</label>
      <input id="area-email" type="email" {...register('email')} />
      <label htmlFor="area-password">Password</label>
      <input id="area-password" type="password" {...register('password')} />
      <button type="submit">Log in</button>
    </form>
  );
}

/** The page as served at /auth/login, typed into before any script ran, then the shell hydrated and handing over. */
async function typedThenStarted(typed: { email: string; password: string }, submitted = false) {
  const container = prerenderedRoot('login', renderPage('login').html);
  const form = container.querySelector<HTMLFormElement>(`form[${PRERENDERED_FORM_ATTRIBUTE}]`);
  const field = (name: string) => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const email = field('email');
  const password = field('password');
  if (!form || !email || !password) throw new Error('the prerendered form has no email and password fields');
  email.value = typed.email;
  password.value = typed.password;
  password.focus();
  password.setSelectionRange(2, 2);
  if (submitted) form.setAttribute(SUBMIT_REQUESTED_ATTRIBUTE, '');

  locationStore.set({ pathname: '/auth/login', search: '' });
  const view = prerenderedViewFor(container, '/auth/login');
  expect(view?.kind).toBe('login');
  roots.push(
    await hydrateWithoutMismatch(container, {
      view,
      owners,
      services: createShellContext(TEST_CONFIG, silentAnalytics),
      analytics: silentAnalytics,
    }),
  );
  return { container, form, email, password };
}

/** Starts the hand-over as the shell does, then draws the auth area's form into the slot, as the area would. */
async function handOverToTheArea(container: HTMLElement) {
  const slot = document.getElementById(AREA_SLOT_ID);
  if (!slot) throw new Error('no area slot');
  handOverPrerenderedForm(container, slot, () => flushSync(() => prerenderedLoginShown.set(false)));
  const onSubmit = vi.fn();
  const areaRoot = document.createElement('div');
  slot.append(areaRoot);
  await act(async () => {
    const root = createRoot(areaRoot);
    roots.push(root);
    root.render(<AreaLoginForm onSubmit={onSubmit} />);
  });
  return { slot, onSubmit };
}

describe('the sign-in form the build drew, handed over to the auth area', () => {
  it('is hydrated in place: the same inputs, still holding what was typed, the area slot hidden', async () => {
    const { container, form, email, password } = await typedThenStarted({ email: 'ma', password: 'se' });
    expect(container.querySelector(`form[${PRERENDERED_FORM_ATTRIBUTE}]`)).toBe(form);
    expect(email.value).toBe('ma');
    expect(password.value).toBe('se');
    expect(document.activeElement).toBe(password);
    expect(document.getElementById(AREA_SLOT_ID)?.hidden).toBe(true);
  });

  it("gives the area's form what was typed, as typing would, with the focus and caret, then shows it alone", async () => {
    const { container } = await typedThenStarted({ email: 'mara@example.com', password: 'secret' });
    const { slot, onSubmit } = await handOverToTheArea(container);
    expect(container.querySelector(`form[${PRERENDERED_FORM_ATTRIBUTE}]`)).toBeNull();
    expect(slot.hidden).toBe(false);
    const email = slot.querySelector<HTMLInputElement>('input[name="email"]');
    const password = slot.querySelector<HTMLInputElement>('input[name="password"]');
    expect(email?.value).toBe('mara@example.com');
    expect(password?.value).toBe('secret');
    expect(document.activeElement).toBe(password);
    expect(password?.selectionStart).toBe(2);
    // The area's own state has the values: nothing was sent yet, and "Log in" sends what was typed.
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => slot.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    expect(onSubmit).toHaveBeenCalledWith({ email: 'mara@example.com', password: 'secret' });
  });

  it('sends a submit made before the area was there, once, through the area', async () => {
    const { container } = await typedThenStarted({ email: 'mara@example.com', password: 'secret' }, true);
    const { onSubmit } = await handOverToTheArea(container);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'mara@example.com', password: 'secret' });
  });

  it('is hydrated as the sign-in frame where a server still sends auth.html for /auth/login', () => {
    const container = document.createElement('div');
    container.setAttribute(PRERENDERED_ATTRIBUTE, 'auth');
    expect(prerenderedViewFor(container, '/auth/login')?.kind).toBe('auth');
    container.setAttribute(PRERENDERED_ATTRIBUTE, 'login');
    expect(prerenderedViewFor(container, '/auth/forgot')).toBeNull();
  });

  it('keeps a submit on the prerendered form once hydrated, instead of letting the browser post it', async () => {
    const { form } = await typedThenStarted({ email: 'mara@example.com', password: 'secret' });
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(form.hasAttribute(SUBMIT_REQUESTED_ATTRIBUTE)).toBe(true);
  });
});
