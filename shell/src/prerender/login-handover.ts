import { createStore } from '../services/store.js';

/**
 * The hand-over from the sign-in form the build drew (login-form.tsx) to the auth area's own
 * (docs/decisions/0082-layout-shift-and-startup-work.md, "/auth/login before the shell"). The visitor may have typed,
 * focused a field and even pressed "Log in" before the shell ran; none of it may be lost. The shell keeps the
 * prerendered form on screen (and the area's slot hidden) until the area has drawn its form, then, in one task,
 * swaps the two, writes what was typed into the area's fields as typing would, gives focus back and sends a submit
 * that was waiting.
 */

/** Whether the prerendered sign-in form is still the one on screen (ShellApp reads it). */
export const prerenderedLoginShown = createStore(true);

/** Marks the form the build drew; shell/start-on-interest.js finds it by this too. */
export const PRERENDERED_FORM_ATTRIBUTE = 'data-prerendered-form';

/** Set on the prerendered form by a submit made before the area's form existed (start-on-interest.js sets it too). */
export const SUBMIT_REQUESTED_ATTRIBUTE = 'data-submit-requested';

export interface TypedForm {
  /** Each named field's value as the visitor left it. */
  values: Record<string, string>;
  /** The field that had focus, with its caret. */
  focused: { name: string; selectionStart: number | null; selectionEnd: number | null } | null;
  submitRequested: boolean;
}

export function readTypedForm(form: HTMLFormElement): TypedForm {
  const values: Record<string, string> = {};
  let focused: TypedForm['focused'] = null;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    values[input.name] = input.value;
    if (input === form.ownerDocument.activeElement) focused = { name: input.name, ...selectionOf(input) };
  }
  return { values, focused, submitRequested: form.hasAttribute(SUBMIT_REQUESTED_ATTRIBUTE) };
}

/** `type=email` inputs have no selection API: reading it throws in some browsers, answers null in others. */
function selectionOf(input: HTMLInputElement): {
  selectionStart: number | null;
  selectionEnd: number | null;
} {
  try {
    return { selectionStart: input.selectionStart, selectionEnd: input.selectionEnd };
  } catch {
    return { selectionStart: null, selectionEnd: null };
  }
}

/**
 * Writes `typed` into `form` as the visitor's typing would: through the input's own value setter and an `input`
 * event, so the area's React (and react-hook-form's `register`) records the value as a change of the field.
 * Setting `value` alone would be overwritten or ignored by React's value tracking.
 */
export function fillTypedForm(form: HTMLFormElement, typed: TypedForm): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const value = typed.values[input.name];
    if (value === undefined || value === '' || value === input.value) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const focused =
    typed.focused && form.querySelector<HTMLInputElement>(`input[name="${typed.focused.name}"]`);
  if (focused && typed.focused) {
    focused.focus();
    const { selectionStart, selectionEnd } = typed.focused;
    if (selectionStart !== null && selectionEnd !== null) {
      try {
        focused.setSelectionRange(selectionStart, selectionEnd);
      } catch {
        // An input type without a caret (email in some browsers): focus is what matters.
      }
    }
  }
}

/**
 * Watches `slot` for the area's form labelled as the prerendered one in `root` (with every field the prerendered
 * one names), then swaps them: `swap()` must remove the prerendered form and show the slot synchronously
 * (flushSync). Stops when the prerendered form is gone without a swap (the visitor went elsewhere). Answers a
 * function that stops watching.
 */
export function handOverPrerenderedForm(root: HTMLElement, slot: HTMLElement, swap: () => void): () => void {
  const prerendered = () => root.querySelector<HTMLFormElement>(`form[${PRERENDERED_FORM_ATTRIBUTE}]`);
  const first = prerendered();
  if (!first) return () => undefined;
  const label = first.getAttribute('aria-label') ?? '';
  const names = [...first.querySelectorAll<HTMLInputElement>('input[name]')].map((input) => input.name);
  const observer = new MutationObserver(() => {
    const form = prerendered();
    if (!form) {
      observer.disconnect();
      return;
    }
    const target = [...slot.querySelectorAll<HTMLFormElement>('form')].find(
      (candidate) =>
        candidate.getAttribute('aria-label') === label &&
        names.every((name) => candidate.querySelector(`input[name="${name}"]`)),
    );
    if (!target) return;
    observer.disconnect();
    const typed = readTypedForm(form);
    swap();
    fillTypedForm(target, typed);
    // A submit made meanwhile goes out now, through the area's own handler (bot check, session, second step).
    if (typed.submitRequested) target.requestSubmit();
  });
  observer.observe(slot, { childList: true, subtree: true });
  return () => observer.disconnect();
}
