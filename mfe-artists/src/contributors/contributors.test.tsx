import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { choose, click, eventually, renderAreaRoute, type } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { CREDIT_ROLES, CREDIT_ROLE_NAMES, type Contributor } from '@tunehouse/contracts';
import { area } from '../area.js';

// Slow machines (CI, parallel runs) need more than the 5 s default for a whole dialog flow.
vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const NOW = '2025-11-20T10:00:00.000Z';
const ada: Contributor = {
  id: 'c1',
  name: 'Ada Wright',
  role: 'MUSIC_LYRICS',
  publisher: 'Northern Songs',
  createdAt: NOW,
  updatedAt: NOW,
};
const roles = CREDIT_ROLES.map((id) => ({ id, name: CREDIT_ROLE_NAMES[id] }));

async function open(items: Contributor[], more: (request: ApiRequest<unknown>) => unknown = () => undefined) {
  const rendered = await renderAreaRoute(area, '/artists/contributors', {
    respond: (request) => {
      const answer = more(request);
      if (answer !== undefined) return answer;
      if (request.path === '/v1/artists/roles') return roles;
      if (request.method === 'GET' && request.path === '/v2/contributors')
        return { items, currentOffset: 0, size: 20, totalItems: items.length };
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  return rendered;
}

const dialog = () => screen.getByRole('dialog');

describe('contributors', () => {
  it('lists each contributor with role and publisher, and filters by role through the API', async () => {
    const { record } = await open([
      ada,
      { ...ada, id: 'c2', name: 'Bo Mix', role: 'MIXING', publisher: null },
    ]);
    const table = await eventually(() => screen.getByRole('table', { name: 'Contributors' }));
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Music & lyrics')).toBeTruthy();
    expect(within(first!).getByText('Northern Songs')).toBeTruthy();
    expect(within(second!).getByText('Mixing engineer')).toBeTruthy();
    expect(within(second!).getByText('None')).toBeTruthy();
    await choose(screen.getByLabelText('Role'), 'MIXING');
    await eventually(() =>
      expect(record.requests.at(-1)?.query).toEqual({ q: undefined, role: 'MIXING', offset: 0, size: 20 }),
    );
  });

  it('creates one with a role and no publisher, after checking the fields', async () => {
    let sent: unknown;
    const { record } = await open([], (request) => {
      if (request.method === 'POST' && request.path === '/v1/contributors') {
        sent = request.body;
        return { ...ada, id: 'c9', name: 'Kim Lee', role: 'PRODUCER', publisher: null };
      }
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Add your first contributor' })));
    await click(within(dialog()).getByRole('button', { name: 'Create contributor' }));
    expect(within(dialog()).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText('Choose their role')).toBeTruthy();
    await type(within(dialog()).getByLabelText('Name'), 'Kim Lee');
    await choose(within(dialog()).getByLabelText('Role'), 'PRODUCER');
    await click(within(dialog()).getByRole('button', { name: 'Create contributor' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ name: 'Kim Lee', role: 'PRODUCER', publisher: null });
    expect(record.toasts.at(-1)?.message).toBe('Kim Lee is added.');
  });

  it('edits one and shows server field errors on the field', async () => {
    await open([ada], (request) => {
      if (request.method === 'POST' && request.path === '/v1/contributors/c1')
        throw Object.assign(new Error('The request body is invalid'), {
          status: 400,
          details: [{ path: ['body', 'publisher'], message: 'Use at most 200 characters' }],
        });
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Edit Ada Wright' })));
    expect(screen.getByRole('dialog', { name: 'Edit Ada Wright' })).toBeTruthy();
    expect((within(dialog()).getByLabelText('Role') as HTMLSelectElement).value).toBe('MUSIC_LYRICS');
    await click(within(dialog()).getByRole('button', { name: 'Save contributor' }));
    await eventually(() =>
      expect(within(dialog()).getByLabelText('Publisher (optional)').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(within(dialog()).getByText('Use at most 200 characters')).toBeTruthy();
  });

  it('deletes one after confirming', async () => {
    let deleted = false;
    const { record } = await open([ada], (request) => {
      if (request.method === 'DELETE' && request.path === '/v1/contributors/c1') {
        deleted = true;
        return null;
      }
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Delete Ada Wright' })));
    const confirm = screen.getByRole('dialog', { name: 'Delete Ada Wright?' });
    await click(within(confirm).getByRole('button', { name: 'Delete contributor' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(true);
    expect(record.toasts.at(-1)?.message).toBe('Ada Wright is deleted.');
  });
});
