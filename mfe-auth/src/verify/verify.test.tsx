import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { CurrentUser, VerificationStatus } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ME } from '../testing/users.js';
import { PENDING_POLL_MS } from './verification-query.js';

// Whole pages with forms render slowly on a busy machine; 5 s is not always enough.
vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const NONE: VerificationStatus = { status: 'NONE', submittedAt: null, decidedAt: null, reason: null };
const PENDING: VerificationStatus = {
  status: 'PENDING',
  submittedAt: '2025-05-06T10:00:00.000Z',
  decidedAt: null,
  reason: null,
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/** `statuses` answers GET /v1/verifications/current in turn (the last one repeats); `submit` answers the POST. */
async function openVerify(
  url: string,
  {
    statuses = [NONE],
    submit,
    me = ME,
  }: {
    statuses?: VerificationStatus[];
    submit?: (request: ApiRequest<unknown>) => unknown;
    me?: CurrentUser;
  },
  session = demoSessionView,
) {
  const queue = [...statuses];
  const rendered = await renderAreaRoute(area, url, {
    session,
    respond: async (request) => {
      if (request.method === 'GET' && request.path === '/v1/users/me') return me;
      if (request.method === 'GET' && request.path === '/v1/verifications/current')
        return queue.length > 1 ? queue.shift() : queue[0];
      if (request.method === 'POST' && request.path === '/v1/verifications' && submit) return submit(request);
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  await settle();
  await settle();
  return rendered;
}

const form = () => within(screen.getByRole('form', { name: 'Verify your identity' }));

async function fill(values: Record<string, string>) {
  await act(async () => {
    for (const [label, value] of Object.entries(values)) {
      const field = form().getByLabelText(label);
      fireEvent[field.tagName === 'SELECT' ? 'change' : 'input'](field, { target: { value } });
    }
  });
}
async function attach(file: File) {
  await act(async () => {
    fireEvent.change(form().getByLabelText('ID document'), { target: { files: [file] } });
  });
}
async function send() {
  await act(async () => {
    fireEvent.click(form().getByRole('button', { name: 'Send for verification' }));
  });
  await settle();
}

const PNG = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])], 'id.png', { type: 'image/png' });
const VALID = {
  'Full legal name': 'Ada King Lovelace',
  'Date of birth': '1990-04-17',
  'Street address': '12 St James’s Square',
  City: 'London',
  'Postal code': 'SW1Y 4JH',
  Country: 'GB',
};

describe('/account/verify', () => {
  it('starts from what the account knows and checks the fields before sending (18+, a document)', async () => {
    const { record } = await openVerify('/account/verify', {});
    expect((form().getByLabelText('Full legal name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((form().getByLabelText('Country') as HTMLSelectElement).value).toBe('GB');
    const young = new Date().getFullYear() - 17;
    await fill({ ...VALID, 'Date of birth': `${young}-01-01` });
    await send();
    expect(form().getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You must be at least 18 years old')).toBeTruthy();
    expect(screen.getByText('Add a photo or scan of your ID document')).toBeTruthy();
    expect(record.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('puts the API’s field errors on their fields and keeps everything typed', async () => {
    await openVerify('/account/verify', {
      submit: () => {
        throw Object.assign(new Error('The document must be a JPEG, PNG or PDF file'), {
          status: 415,
          details: [{ path: ['body', 'document'], message: 'The document must be a JPEG, PNG or PDF file' }],
        });
      },
    });
    await fill(VALID);
    await attach(PNG());
    await send();
    expect((await form().findByRole('alert')).textContent).toBe(
      'The document must be a JPEG, PNG or PDF file',
    );
    expect((form().getByLabelText('Street address') as HTMLInputElement).value).toBe('12 St James’s Square');
    expect((form().getByLabelText('Date of birth') as HTMLInputElement).value).toBe('1990-04-17');
  });

  it('sends multipart form data, shows PENDING, polls until APPROVED and continues to `from`', async () => {
    const approved: VerificationStatus = {
      ...PENDING,
      status: 'APPROVED',
      decidedAt: '2025-05-06T10:00:04.000Z',
    };
    let body: FormData | undefined;
    await openVerify('/account/verify?from=%2Fwallet', {
      statuses: [NONE, approved],
      submit: (request) => {
        body = request.body as FormData;
        return PENDING;
      },
    });
    await fill(VALID);
    await attach(PNG());
    await send();
    expect(body?.get('legalName')).toBe('Ada King Lovelace');
    expect(body?.get('dateOfBirth')).toBe('1990-04-17');
    expect(body?.get('country')).toBe('GB');
    expect((body?.get('document') as File).name).toBe('id.png');
    expect(await screen.findByText('PENDING')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Verify your identity' })).toBeNull();

    // Polled every 3 s: the next answer is APPROVED.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, PENDING_POLL_MS + 300)));
    expect(screen.getByText('APPROVED')).toBeTruthy();
    expect(screen.getByText(/verified \(on 06-05-2025\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/wallet');
  });

  it('shows why a submission was rejected and offers the form again', async () => {
    await openVerify('/account/verify', {
      statuses: [
        { ...PENDING, status: 'REJECTED', decidedAt: PENDING.submittedAt, reason: 'The photo is blurred.' },
      ],
    });
    expect(screen.getByText(/could not verify your identity: The photo is blurred\./)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Verify your identity' })).toBeTruthy();
  });

  it('shows a verified account as verified, not the ID form', async () => {
    const verified = { ...ME, account: { ...ME.account, verifiedAt: '2026-03-04T05:06:07.000Z' } };
    await openVerify('/account/verify', {
      statuses: [
        { status: 'APPROVED', submittedAt: null, decidedAt: verified.account.verifiedAt, reason: null },
      ],
      me: verified,
    });
    expect(screen.getByText(/Your identity is verified \(on 04-03-2026\)/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Verify your identity' })).toBeNull();
  });

  it('believes verifiedAt over an answer that disagrees with it (an older API)', async () => {
    const verified = { ...ME, account: { ...ME.account, verifiedAt: '2026-03-04T05:06:07.000Z' } };
    await openVerify('/account/verify', { statuses: [NONE], me: verified });
    expect(screen.getByText(/Your identity is verified/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Verify your identity' })).toBeNull();
    expect(screen.queryByText(/Payouts go only to people whose identity we know/)).toBeNull();
  });

  it('offers no form to an administrator viewing as the user', async () => {
    await openVerify('/account/verify', {}, { ...demoSessionView, adminEmail: 'admin@example.com' });
    expect(screen.getByText(/only its owner can verify their identity/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Verify your identity' })).toBeNull();
  });
});
