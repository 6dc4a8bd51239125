import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import { areaHarness, click, type } from '@tunehouse/testing';
import { area } from '../area.js';

const harness = areaHarness(area);
afterEach(harness.unmountArea);

async function signUp(url: string) {
  const opened = await harness.open(url, { session: null });
  await type('First name', 'Nina');
  await type('Last name', 'Simone');
  await type('E-mail address', ' Nina@Example.com');
  await type('Password', 'a long enough password');
  await click('Create account');
  await screen.findByRole('heading', { level: 1, name: 'Check your mail' });
  return opened;
}

describe('sign-up ends in "check your mail"', () => {
  it('names the address, signs nobody in, and offers the login', async () => {
    const { record } = await signUp('/auth/signup');
    const heading = screen.getByRole('heading', { level: 1, name: 'Check your mail' });
    // The form is gone: focus moves to the new heading, where a screen reader goes on reading.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe('We sent a message to nina@example.com.');
    expect(document.body.textContent).toContain(
      'If this address already has an account, the message says how',
    );
    expect(screen.queryByRole('form', { name: 'Create your account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Ask for a new password' }).getAttribute('href')).toBe(
      '/auth/forgot',
    );
    expect(record.sessionCalls.map((call) => call.method)).toEqual(['signup']);
    expect(record.navigations).toEqual([]);
    expect(record.toasts).toEqual([]);
  });

  it('sends the return target along, for the mailed link to come back to', async () => {
    const { record } = await signUp('/auth/signup?from=%2Fsplits%2Finvites%2Fabc');
    expect(record.sessionCalls[0]!.args[0]).toMatchObject({
      email: 'nina@example.com',
      returnTo: '/splits/invites/abc',
    });
    expect(document.body.textContent).toContain('it brings you back to where you were');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/auth/login?from=%2Fsplits%2Finvites%2Fabc',
    );
  });

  it('goes back to the form to use a different address, keeping the one given', async () => {
    await signUp('/auth/signup');
    await click('Use a different address');
    const form = await screen.findByRole('form', { name: 'Create your account' });
    expect((within(form).getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'nina@example.com',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
  });
});
