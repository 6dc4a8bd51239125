import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import { areaHarness, click, demoSessionView, type } from '@tunehouse/testing';
import type { SessionView } from '@tunehouse/shell-contract';
import { area } from './area.js';

const harness = areaHarness(area);
afterEach(harness.unmountArea);

/** The sign-in pages are for visitors without a session unless a test says otherwise. */
const open = (url: string, options: Parameters<typeof harness.open>[1] = {}) =>
  harness.open(url, { session: null, ...options });

const challenged: SessionView = { ...demoSessionView, isAuthenticated: false, isChallenged: true };

describe('login', () => {
  it('says the session ended when sent back with expired=true, and returns to `from` after logging in', async () => {
    const { record } = await open('/auth/login?expired=true&from=%2Falbums%2F7');
    expect(screen.getByRole('status').textContent).toMatch(/session has ended/);
    await type('E-mail address', 'Mara@Demo.Tunehouse.Local ');
    await type('Password', 'tunehouse-demo');
    await click('Log in');
    await waitFor(() => expect(record.navigations).toEqual(['/albums/7']));
    expect(record.sessionCalls[0]).toEqual({
      method: 'login',
      args: [{ email: 'mara@demo.tunehouse.local', password: 'tunehouse-demo' }],
    });
  });

  it('leads a challenged session to the challenge step, keeping `from`', async () => {
    const { record } = await open('/auth/login?from=%2Ftrends', {
      sessionOverrides: { login: async () => challenged },
    });
    await type('E-mail address', 'kofi@demo.tunehouse.local');
    await type('Password', 'tunehouse-demo');
    await click('Log in');
    await waitFor(() => expect(record.navigations[0]).toBe('/auth/challenge?from=%2Ftrends'));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    await open('/auth/login', {
      sessionOverrides: {
        login: async () => {
          throw Object.assign(new Error('Wrong e-mail address or password'), { status: 401 });
        },
      },
    });
    await type('E-mail address', 'mara@demo.tunehouse.local');
    await type('Password', 'wrong-password');
    await click('Log in');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail address or password');
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'mara@demo.tunehouse.local',
    );
  });

  it('checks the fields before calling the server', async () => {
    const { record } = await open('/auth/login');
    await type('E-mail address', 'not-an-address');
    await click('Log in');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(record.sessionCalls).toEqual([]);
  });

  it('never follows a `from` that leaves the site', async () => {
    const { record } = await open('/auth/login?from=https%3A%2F%2Fevil.example');
    await type('E-mail address', 'mara@demo.tunehouse.local');
    await type('Password', 'tunehouse-demo');
    await click('Log in');
    await waitFor(() => expect(record.navigations).toEqual(['/']));
  });
});

describe('challenge', () => {
  it('verifies the code and goes on to `from`; a wrong code is shown on the field', async () => {
    let attempts = 0;
    const { record } = await open('/auth/challenge?from=%2Fwallet', {
      session: { ...challenged, challengeMethod: 'email' },
      sessionOverrides: {
        verify: async () => {
          attempts += 1;
          throw Object.assign(new Error('Invalid request'), {
            status: 400,
            details: [{ path: ['body', 'secret'], message: 'That code is not right' }],
          });
        },
      },
    });
    expect(screen.getByText(/We sent a six-digit code to ada@example.com/)).toBeTruthy();
    await type('Verification code', '123456');
    await click('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right');
    expect(attempts).toBe(1);
    expect(record.navigations).toEqual([]);
  });

  it('sends a visitor without a session to the login', async () => {
    const { record } = await open('/auth/challenge?from=%2Fwallet');
    await waitFor(() => expect(record.navigations).toEqual(['/auth/login?from=%2Fwallet']));
  });
});

describe('sign-up and e-mail activation', () => {
  it('names field errors from the server and keeps what was typed', async () => {
    const { record } = await open('/auth/signup', {
      sessionOverrides: {
        signup: async () => {
          throw Object.assign(new Error('Invalid request'), {
            status: 400,
            details: [{ path: ['body', 'email'], message: 'Not an address we can deliver to' }],
          });
        },
      },
    });
    await type('First name', 'Nina');
    await type('Last name', 'Simone');
    await type('E-mail address', 'nina@example.com');
    await type('Password', 'a long enough password');
    await click('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe('Not an address we can deliver to');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Nina');
    expect(record.navigations).toEqual([]);
  });

  it('activates the address from the mailed link exactly once', async () => {
    const activateEmail = vi.fn(async () => demoSessionView);
    await open(
      '/auth/signup?challengeId=7d0e0f0a-1111-4222-8333-944445555666&secret=abcdefghijklmnopqrstuv',
      {
        sessionOverrides: { activateEmail },
      },
    );
    expect(await screen.findByText(/e-mail address is confirmed/)).toBeTruthy();
    expect(activateEmail).toHaveBeenCalledTimes(1);
    expect(activateEmail).toHaveBeenCalledWith({
      challengeId: '7d0e0f0a-1111-4222-8333-944445555666',
      secret: 'abcdefghijklmnopqrstuv',
    });
  });
});

describe('password reset', () => {
  it('answers the same way for any address', async () => {
    const { record } = await open('/auth/forgot');
    await type('E-mail address', 'nobody@example.com');
    await click('Send me a link');
    expect((await screen.findByRole('status')).textContent).toMatch(
      /If an account exists for nobody@example.com/,
    );
    expect(record.sessionCalls).toEqual([{ method: 'requestPasswordReset', args: ['nobody@example.com'] }]);
  });

  it('sets the new password from the mailed link once both entries agree', async () => {
    const { record } = await open('/auth/forgot?challengeId=c1&secret=s1');
    await type('New password', 'correct horse battery');
    await type('Repeat the new password', 'correct horse batter');
    await click('Save and log in');
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords differ');
    await type('Repeat the new password', 'correct horse battery');
    await click('Save and log in');
    await waitFor(() => expect(record.navigations).toEqual(['/']));
    expect(record.sessionCalls).toEqual([
      {
        method: 'resetPassword',
        args: [{ challengeId: 'c1', secret: 's1', password: 'correct horse battery' }],
      },
    ]);
  });
});

describe('logout', () => {
  it('ends the session and offers the login again with `from`', async () => {
    const { record, shell } = await open('/auth/logout?from=%2Fartists', { session: demoSessionView });
    await waitFor(() => expect(record.navigations).toEqual(['/auth/login?from=%2Fartists']));
    expect(shell.session.current()).toBeNull();
  });
});
