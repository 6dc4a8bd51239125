import { describe, expect, it } from 'vitest';
import { applyFieldErrors } from './apply-field-errors.js';

/** An API validation error as the shell's client throws it. */
function invalid(...issues: [string[], string][]) {
  return {
    status: 400,
    message: 'Invalid request',
    details: issues.map(([path, message]) => ({ path: ['body', ...path], message })),
  };
}

function recorder() {
  const calls: { field: string; message: string; focus: boolean | undefined }[] = [];
  const setError = (field: string, error: { message: string }, options?: { shouldFocus: boolean }) => {
    calls.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe('applyFieldErrors', () => {
  it('puts issues on the listed fields, focuses the first, and leaves no form message', () => {
    const { calls, setError } = recorder();
    const error = invalid([['email'], 'Invalid email address'], [['password'], 'Too short']);
    expect(applyFieldErrors(error, setError, ['email', 'password'])).toBeNull();
    expect(calls).toEqual([
      { field: 'email', message: 'Invalid email address', focus: true },
      { field: 'password', message: 'Too short', focus: false },
    ]);
  });

  it('maps API paths to form fields and shows one message per field', () => {
    const { calls, setError } = recorder();
    const error = invalid(
      [['profiles', '0', 'platformId'], 'Unknown'],
      [['profiles', '0', 'url'], 'Not a link'],
    );
    const toField = (path: string) => (path.startsWith('profiles.0.') ? 'profiles.0' : null);
    expect(applyFieldErrors(error, setError, toField)).toBeNull();
    expect(calls).toEqual([{ field: 'profiles.0', message: 'Unknown', focus: true }]);
  });

  it('adds the messages of issues no field shows to the form message', () => {
    const { calls, setError } = recorder();
    const error = invalid([['title'], 'Required'], [['barcode'], 'Taken'], [['label'], 'Too long']);
    expect(applyFieldErrors(error, setError, ['title'])).toBe('Invalid request: Taken; Too long');
    expect(calls.map((call) => call.field)).toEqual(['title']);
  });

  it('answers the error message when the error has no field issues', () => {
    const { calls, setError } = recorder();
    expect(applyFieldErrors({ status: 409, message: 'Already taken' }, setError, ['email'])).toBe(
      'Already taken',
    );
    expect(applyFieldErrors(new Error('Network request failed'), setError, ['email'])).toMatch(
      /could not reach/,
    );
    expect(calls).toEqual([]);
  });
});
