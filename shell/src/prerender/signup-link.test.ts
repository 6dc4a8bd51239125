import { describe, expect, it } from 'vitest';
import { signupHrefFor } from './signup-link.js';

describe('the sign-in page\'s "Create an account" link', () => {
  it("carries the page's return target, as the auth area's own link does", () => {
    expect(signupHrefFor('?from=%2Fwallet%3Ftab%3Dpayouts')).toBe(
      '/auth/signup?from=%2Fwallet%3Ftab%3Dpayouts',
    );
  });

  it('leaves out home, other sites and sign-in pages', () => {
    expect(signupHrefFor('')).toBe('/auth/signup');
    expect(signupHrefFor('?from=%2F')).toBe('/auth/signup');
    expect(signupHrefFor('?from=%2F%2Fevil.example%2F')).toBe('/auth/signup');
    expect(signupHrefFor('?from=https%3A%2F%2Fevil.example%2F')).toBe('/auth/signup');
    expect(signupHrefFor('?from=%2Fauth%2Flogin')).toBe('/auth/signup');
  });
});
