import { describe, expect, it } from 'vitest';
import { currentUserSchema, loginRequestSchema, signupRequestSchema } from './auth.js';

describe('auth request schemas', () => {
  it('compares e-mail addresses trimmed and lower-cased', () => {
    expect(loginRequestSchema.parse({ email: '  Mara@Example.COM ', password: 'x' }).email).toBe(
      'mara@example.com',
    );
  });

  it('names the field of every problem in a sign-up', () => {
    const result = signupRequestSchema.safeParse({ email: 'nope', password: 'short', firstName: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
    ]);
  });

  it('takes a return target only when it is a path on this site', () => {
    const fields = { email: 'a@b.test', password: 'long enough!', firstName: 'A', lastName: 'B' };
    const returnTo = (value: string) => signupRequestSchema.safeParse({ ...fields, returnTo: value }).success;
    expect(returnTo('/splits/invites/abc_DEF-123?x=1#top')).toBe(true);
    for (const foreign of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:x',
      '/a b',
      '/a\n',
    ])
      expect(returnTo(foreign), foreign).toBe(false);
  });

  it('defaults missing names to an empty string', () => {
    const user = currentUserSchema.parse({
      id: 'u1',
      email: 'a@b.test',
      firstName: null,
      account: { id: 'a1' },
      isAdmin: false,
      emailVerified: true,
      secondStep: 'none',
    });
    expect([user.firstName, user.lastName]).toEqual(['', '']);
  });
});
