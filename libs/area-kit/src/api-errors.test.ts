import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, messageOf } from './api-errors.js';

describe('fieldErrorsOf', () => {
  it('keys field issues by their path below the request part', () => {
    const error = {
      status: 400,
      message: 'Invalid request',
      details: [
        { path: ['body', 'email'], message: 'Invalid email address' },
        { path: ['body', 'profiles', 0, 'url'], message: 'Not a Spotify artist link' },
        { path: ['body', 'email'], message: 'second message ignored' },
      ],
    };
    expect(fieldErrorsOf(error)).toEqual({
      email: 'Invalid email address',
      'profiles.0.url': 'Not a Spotify artist link',
    });
  });

  it('is empty for errors without field issues', () => {
    expect(fieldErrorsOf(new Error('boom'))).toEqual({});
    expect(fieldErrorsOf({ status: 401, message: 'Wrong e-mail or password' })).toEqual({});
  });
});

describe('messageOf', () => {
  it("shows the server's message and hides anything else behind the fallback", () => {
    expect(messageOf({ status: 401, message: 'Wrong e-mail or password' })).toBe('Wrong e-mail or password');
    expect(messageOf(new Error('TypeError: x is undefined'), 'Nope')).toBe('Nope');
    expect(messageOf(new Error('Network request failed'))).toMatch(/could not reach/);
  });
});
