import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { ActiveSession, CurrentUser } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ME } from '../testing/users.js';
import { describeUserAgent } from './user-agent.js';

// Whole pages with forms render slowly on a busy machine; 5 s is not always enough.
vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const SESSIONS: ActiveSession[] = [
  {
    id: 's-this',
    status: 'active',
    createdAt: '2025-03-01T09:00:00.000Z',
    lastUsedAt: '2025-03-02T09:30:00.000Z',
    expiresAt: '2025-06-01T09:00:00.000Z',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    ip: '127.0.0.1',
    current: true,
    impersonation: false,
  },
  {
    id: 's-phone',
    status: 'active',
    createdAt: '2025-02-01T09:00:00.000Z',
    lastUsedAt: null,
    expiresAt: '2025-05-01T09:00:00.000Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    ip: '203.0.113.7',
    current: false,
    impersonation: false,
  },
];

/** Lets answered requests and the renders they cause finish inside act(). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const fieldError = (path: string[], message: string, status = 400) =>
  Object.assign(new Error(message), { status, details: [{ path, message }] });

type Handler = (request: ApiRequest<unknown>) => unknown;

/** Answers GET /v1/users/me and GET /v1/sessions, and whatever `handlers` plan per "METHOD path". */
async function openAccount(handlers: Record<string, Handler> = {}, session = demoSessionView) {
  let me = ME;
  let sessions = SESSIONS;
  const rendered = await renderAreaRoute(area, '/account', {
    session,
    respond: async (request) => {
      const planned = handlers[`${request.method} ${request.path}`];
      if (planned) {
        const answer = await planned(request);
        if (request.path === '/v1/users/me/second-step/totp/confirm') me = answer as CurrentUser;
        return answer;
      }
      if (request.method === 'GET' && request.path === '/v1/users/me') return me;
      if (request.method === 'GET' && request.path === '/v1/sessions') return { items: sessions };
      // The webhooks card (webhooks.test.tsx tests it).
      if (request.method === 'GET' && request.path === '/v1/webhooks') return { items: [] };
      if (request.method === 'DELETE' && request.path.startsWith('/v1/sessions/')) {
        sessions = sessions.filter((item) => `/v1/sessions/${item.id}` !== request.path);
        return undefined;
      }
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  // The user first, then the sessions (their query waits for the user).
  await settle();
  await settle();
  await screen.findByRole('form', { name: 'Your details' });
  return rendered;
}

const formNamed = (name: string) => within(screen.getByRole('form', { name }));

async function type(scope: ReturnType<typeof within>, label: string | RegExp, value: string) {
  await act(async () => {
    fireEvent.input(scope.getByLabelText(label), { target: { value } });
  });
}
async function click(scope: ReturnType<typeof within>, name: string | RegExp) {
  await act(async () => {
    fireEvent.click(scope.getByRole('button', { name }));
  });
  await settle();
}

describe('/account: e-mail address', () => {
  it('shows a wrong current password on its field, keeps what was typed, then changes and says so', async () => {
    let attempt = 0;
    const { record } = await openAccount({
      'POST /v1/users/me/email': (request) => {
        attempt += 1;
        if (attempt === 1) throw fieldError(['body', 'currentPassword'], 'The current password is wrong');
        return { ...ME, email: (request.body as { email: string }).email, emailVerified: false };
      },
    });
    const form = formNamed('Change your e-mail address');
    await type(form, 'New e-mail address', 'Ada@New.Example ');
    await type(form, 'Current password', 'not it');
    await click(form, 'Change e-mail address');
    expect((await form.findByRole('alert')).textContent).toBe('The current password is wrong');
    expect((form.getByLabelText('New e-mail address') as HTMLInputElement).value).toBe('Ada@New.Example');
    expect(record.toasts).toEqual([]);

    await type(form, 'Current password', 'the real one');
    await click(form, 'Change e-mail address');
    await waitFor(() => expect(record.toasts.map((toast) => toast.level)).toEqual(['SUCCESS']));
    expect(record.toasts[0]!.message).toMatch(/ada@new.example/);
    const sent = record.requests.filter((request) => request.path === '/v1/users/me/email');
    expect(sent.at(-1)!.body).toEqual({ email: 'ada@new.example', currentPassword: 'the real one' });
    expect(await screen.findByText('NOT CONFIRMED')).toBeTruthy();
    expect((form.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('puts a taken address on the e-mail field', async () => {
    await openAccount({
      'POST /v1/users/me/email': () => {
        throw fieldError(['body', 'email'], 'Another account uses this e-mail address', 409);
      },
    });
    const form = formNamed('Change your e-mail address');
    await type(form, 'New e-mail address', 'taken@example.com');
    await type(form, 'Current password', 'secret password');
    await click(form, 'Change e-mail address');
    expect((await form.findByRole('alert')).textContent).toBe('Another account uses this e-mail address');
    expect(form.getByLabelText('New e-mail address').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('/account: password', () => {
  it('checks the repeat locally, shows the server’s field error, then changes and empties the form', async () => {
    let attempt = 0;
    const { record } = await openAccount({
      'POST /v1/users/me/password': () => {
        attempt += 1;
        if (attempt === 1) throw fieldError(['body', 'currentPassword'], 'The current password is wrong');
        return undefined;
      },
    });
    const form = formNamed('Change your password');
    await type(form, 'Current password', 'old password');
    await type(form, 'New password', 'a brand new password');
    await type(form, 'Repeat the new password', 'a brand new passwort');
    await click(form, 'Change password');
    expect((await form.findByRole('alert')).textContent).toBe('The two passwords differ');
    expect(attempt).toBe(0);

    await type(form, 'Repeat the new password', 'a brand new password');
    await click(form, 'Change password');
    expect((await form.findByRole('alert')).textContent).toBe('The current password is wrong');
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('a brand new password');

    await click(form, 'Change password');
    await waitFor(() =>
      expect(record.toasts).toEqual([
        expect.objectContaining({ level: 'SUCCESS', message: expect.stringMatching(/password is changed/) }),
      ]),
    );
    expect(record.requests.find((request) => request.path === '/v1/users/me/password')!.body).toEqual({
      currentPassword: 'old password',
      password: 'a brand new password',
    });
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});

describe('/account: second-step verification', () => {
  const ENROLMENT = {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauthUrl:
      'otpauth://totp/Tunehouse:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Tunehouse',
    expiresAt: '2030-01-01T10:15:00.000Z',
  };

  it('turns on: a QR code and the key, a wrong code on its field, the right one switches it on', async () => {
    let attempt = 0;
    const { record } = await openAccount({
      'POST /v1/users/me/second-step/totp': () => ENROLMENT,
      'POST /v1/users/me/second-step/totp/confirm': () => {
        attempt += 1;
        if (attempt === 1) throw fieldError(['body', 'secret'], 'The code is not right');
        return { ...ME, secondStep: 'totp' };
      },
    });
    await click(within(document.body), 'Turn on with an authenticator app');
    const qr = (await screen.findByAltText(
      'QR code to scan with your authenticator app',
    )) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(ENROLMENT.secret).tagName).toBe('CODE');

    const form = formNamed('Confirm the authenticator app');
    await type(form, 'Code from the app', '12345');
    await click(form, 'Confirm and turn on');
    expect((await form.findByRole('alert')).textContent).toBe('Enter the six-digit code');
    expect(attempt).toBe(0);
    await type(form, 'Code from the app', '123456');
    await click(form, 'Confirm and turn on');
    expect((await form.findByRole('alert')).textContent).toBe('The code is not right');
    await click(form, 'Confirm and turn on');
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Confirm the authenticator app' })).toBeNull(),
    );
    expect(screen.getByText('ON')).toBeTruthy();
    expect(record.toasts.at(-1)).toMatchObject({ level: 'SUCCESS' });
    expect(screen.getByRole('form', { name: 'Turn off second-step verification' })).toBeTruthy();
  });

  it('turns off with the current password', async () => {
    let off = false;
    const { record } = await openAccount({
      'GET /v1/users/me': () => ({ ...ME, secondStep: off ? 'none' : 'totp' }),
      'DELETE /v1/users/me/second-step': (request) => {
        expect(request.body).toEqual({ currentPassword: 'my password' });
        off = true;
        return undefined;
      },
    });
    const form = formNamed('Turn off second-step verification');
    await type(form, 'Current password', 'my password');
    await click(form, 'Turn off');
    await waitFor(() => expect(screen.getByText('OFF')).toBeTruthy());
    expect(record.toasts.at(-1)).toMatchObject({
      level: 'SUCCESS',
      message: 'Second-step verification is off.',
    });
  });
});

describe('/account: active sessions', () => {
  it('lists the sessions with this device marked, and ends another one', async () => {
    const { record } = await openAccount();
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on LinuxTHIS DEVICE127\.0\.0\.1/),
      expect.stringMatching(/^Safari on iOS203\.0\.113\.7/),
    ]);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    await click(within(rows[1]!), 'End the session on Safari on iOS');
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    expect(record.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/sessions/s-phone')).toBe(
      true,
    );
    expect(record.toasts.at(-1)).toMatchObject({ level: 'SUCCESS' });
  });

  it('is read-only for an administrator viewing as the user', async () => {
    await openAccount({}, { ...demoSessionView, adminEmail: 'admin@example.com' });
    expect(await screen.findByText(/viewing this account as an administrator/)).toBeTruthy();
    for (const name of ['Change your e-mail address', 'Change your password']) {
      expect(screen.queryByRole('form', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Turn on/ })).toBeNull();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /End the session/ })).toBeNull();
  });
});

describe('describeUserAgent', () => {
  it('names browser and system, and copes with nothing', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0',
      ),
    ).toBe('Firefox on macOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
