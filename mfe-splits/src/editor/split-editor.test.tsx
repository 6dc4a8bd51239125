import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { apiError, choose, click, eventually, type } from '@tunehouse/testing';
import type { AlbumDetail, AlbumSplit, SplitPutBody, SplitPutResult, Track } from '@tunehouse/contracts';
import { ALBUM_ID, LEE, SPLIT_ID, maraSplit, open, uuid } from '../testing/split-fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const EDIT = `/albums/${ALBUM_ID}/splits/edit`;
const SPLIT_PATH = `/v1/albums/${ALBUM_ID}/splits`;

const withSplit: AlbumSplit = {
  albumId: ALBUM_ID,
  split: maraSplit(),
  nextEffectiveFrom: '2026-12-01',
  takenDownAt: null,
};
const withoutSplit: AlbumSplit = {
  albumId: ALBUM_ID,
  split: null,
  nextEffectiveFrom: '2026-12-01',
  takenDownAt: null,
};

const saved = (invites: SplitPutResult['invites'] = []): SplitPutResult => ({
  split: maraSplit({
    versions: [
      { number: 3, effectiveFrom: '2027-01-01', createdAt: '2026-11-25T10:00:00.000Z', shares: [] },
      ...maraSplit().versions,
    ],
  }),
  invites,
});

/** The people rows of the release-wide shares (not a track's own). */
const people = () => screen.getByRole('region', { name: 'People and shares' });
const person = (index: number, within_ = people()) =>
  within(within_).getAllByRole('group', { name: `Person ${index}` })[0]!;
const fieldOf = (index: number, label: string, where?: HTMLElement) =>
  within(person(index, where)).getByLabelText(label) as HTMLInputElement;

/** The description (hint and error) an input is tied to, as assistive technology reads it. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('/albums/{id}/splits/edit', () => {
  it('starts from the newest version, keeps what the owner keeps live, and saves exact basis points', async () => {
    let body: SplitPutBody | undefined;
    const { requests } = await open(EDIT, (request) => {
      if (request.path === SPLIT_PATH && request.method === 'GET') return withSplit;
      if (request.path === SPLIT_PATH && request.method === 'PUT') {
        body = request.body as SplitPutBody;
        return saved([
          { participantId: LEE, email: 'lee@example.com', url: 'https://tunehouse.test/splits/?invite=abc' },
        ]);
      }
      return undefined;
    });
    await eventually(() => people());
    expect(fieldOf(1, 'E-mail address').value).toBe('kim@example.com');
    expect(fieldOf(1, 'Share (%)').value).toBe('20.00');
    expect(fieldOf(2, 'E-mail address').value).toBe('lee@example.com');
    expect(within(people()).getByText('You keep 70.00 %.')).toBeTruthy();
    const track = screen.getByRole('region', { name: 'Own shares of 2. Night Drive' });
    expect(fieldOf(1, 'Share (%)', track).value).toBe('50.00');
    expect(within(track).getByText('You keep 50.00 % of 2. Night Drive.')).toBeTruthy();

    await type(fieldOf(1, 'Share (%)'), '33.33');
    expect(within(people()).getByText('You keep 56.67 %.')).toBeTruthy();
    await type(fieldOf(2, 'Share (%)'), '0.29');
    expect(within(people()).getByText('You keep 66.38 %.')).toBeTruthy();
    await choose('Takes effect from', '2027-01-01');
    await click('Save split');

    await eventually(() => screen.getByText('The split is saved: version 3 takes effect from January 2027.'));
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(body).toEqual({
      effectiveFrom: '2027-01-01',
      participants: [
        { email: 'kim@example.com', role: 'Producer', basisPoints: 3_333 },
        { email: 'lee@example.com', role: 'Co-writer', basisPoints: 29 },
      ],
      tracks: [
        { trackId: 't2', participants: [{ email: 'kim@example.com', role: 'Producer', basisPoints: 5_000 }] },
      ],
      recoupments: [{ id: uuid(200), label: 'Mixing', paidByEmail: 'kim@example.com', amount: 500_00 }],
    });
    expect(screen.getByText('https://tunehouse.test/splits/?invite=abc')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy invite link for lee@example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the split' }).getAttribute('href')).toBe(
      `/splits/${SPLIT_ID}`,
    );
  });

  it('says what is wrong at each field and sends nothing', async () => {
    const { requests } = await open(EDIT, (request) =>
      request.path === SPLIT_PATH && request.method === 'GET'
        ? { ...withSplit, split: maraSplit({ versions: [{ ...maraSplit().versions[0]!, shares: [] }] }) }
        : undefined,
    );
    await eventually(() => screen.getByText('Nobody else yet.'));
    for (let row = 0; row < 3; row += 1) await click('Add a person');
    const rows = [
      ['kim@example.com', 'Producer', '60'],
      [' KIM@example.com ', 'Mixer', '50'],
      ['kim@', '', '0'],
    ];
    for (const [index, [email, role, share]] of rows.entries()) {
      await type(fieldOf(index + 1, 'E-mail address'), email!);
      await type(fieldOf(index + 1, 'Role'), role!);
      await type(fieldOf(index + 1, 'Share (%)'), share!);
    }
    expect(within(people()).getByText('The shares add up to 110.00 %, more than 100 %.')).toBeTruthy();
    await click('Save split');

    await eventually(() =>
      expect(describedBy(fieldOf(2, 'E-mail address'))).toContain('This person is already on the split'),
    );
    expect(describedBy(fieldOf(3, 'E-mail address'))).toContain('Enter a valid e-mail address');
    expect(describedBy(fieldOf(3, 'Role'))).toContain('Enter their role');
    expect(describedBy(fieldOf(3, 'Share (%)'))).toContain('A share must be more than 0 %');
    expect(fieldOf(3, 'Share (%)').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(fieldOf(1, 'Share (%)'))).not.toContain('A share');
    expect(within(people()).getByText('The shares add up to more than 100 %')).toBeTruthy();

    await type(fieldOf(1, 'Share (%)'), '33.333');
    await click('Save split');
    await eventually(() =>
      expect(describedBy(fieldOf(1, 'Share (%)'))).toContain('Enter a percentage with at most two decimals'),
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('puts the API’s field issues on the fields they name, and the rest above the form', async () => {
    await open(EDIT, (request) => {
      if (request.path === SPLIT_PATH && request.method === 'GET') return withSplit;
      if (request.path === SPLIT_PATH && request.method === 'PUT')
        throw apiError(400, 'The split is not valid', [
          { path: ['body', 'participants', 1, 'basisPoints'], message: 'a share must be more than 0 %' },
          { path: ['body', 'participants'], message: 'the shares add up to more than 100 %' },
          {
            path: ['body', 'tracks', 0, 'participants', 0, 'email'],
            message: 'this person is already on the split',
          },
          { path: ['body', 'recoupments', 0, 'paidByEmail'], message: 'the payer must be on the split' },
          { path: ['body', 'owner'], message: 'the owner cannot be invited' },
        ]);
      return undefined;
    });
    await eventually(() => people());
    await click('Save split');

    await eventually(() =>
      expect(describedBy(fieldOf(2, 'Share (%)'))).toContain('a share must be more than 0 %'),
    );
    expect(within(people()).getByText('the shares add up to more than 100 %')).toBeTruthy();
    const track = screen.getByRole('region', { name: 'Own shares of 2. Night Drive' });
    expect(describedBy(fieldOf(1, 'E-mail address', track))).toContain('this person is already on the split');
    const cost = within(screen.getByRole('region', { name: 'Costs to recoup first' })).getByLabelText(
      'Paid by',
    );
    expect(describedBy(cost)).toContain('the payer must be on the split');
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => alert.textContent === 'The split is not valid: the owner cannot be invited'),
    ).toBe(true);
  });

  it('starts a first split from the release’s tracks, with a track’s own rows copied from the release-wide ones', async () => {
    const track = (index: number, title: string) =>
      ({
        id: `t${index + 1}`,
        index,
        title,
        pLine: '',
        cLine: '',
        lyrics: '',
        artists: [],
        contributors: [],
        autofill: [],
        createdAt: '2026-01-01',
        updatedAt: '2026-01-01',
      }) satisfies Track;
    const release = {
      id: ALBUM_ID,
      title: 'Night Drive',
      tracks: [track(0, 'Intro'), track(1, 'Night Drive')],
      links: [],
    } satisfies AlbumDetail;
    let body: SplitPutBody | undefined;
    await open(EDIT, (request) => {
      if (request.path === SPLIT_PATH && request.method === 'GET') return withoutSplit;
      if (request.path === `/v1/albums/${ALBUM_ID}`) return release;
      if (request.path === SPLIT_PATH && request.method === 'PUT') {
        body = request.body as SplitPutBody;
        return saved();
      }
      return undefined;
    });
    await eventually(() => screen.getByText('You keep 100.00 %.'));
    await click('Add a person');
    await type(fieldOf(1, 'E-mail address'), 'Kim@Example.com');
    await type(fieldOf(1, 'Role'), 'Producer');
    await type(fieldOf(1, 'Share (%)'), '30');
    await choose('Track', 't2');
    await click('Give this track its own shares');
    const own = screen.getByRole('region', { name: 'Own shares of 2. Night Drive' });
    expect(fieldOf(1, 'E-mail address', own).value).toBe('Kim@Example.com');
    await type(fieldOf(1, 'Share (%)', own), '45.5');
    expect(within(own).getByText('You keep 54.50 % of 2. Night Drive.')).toBeTruthy();
    await click('Add a cost to recoup');
    await type('What it was', 'Artwork');
    await type('Amount (EUR)', '250,5');
    await choose('Paid by', 'kim@example.com');
    await click('Save split');

    await eventually(() => screen.getByText(/The split is saved/));
    expect(body).toEqual({
      effectiveFrom: '2026-12-01',
      participants: [{ email: 'kim@example.com', role: 'Producer', basisPoints: 3_000 }],
      tracks: [
        { trackId: 't2', participants: [{ email: 'kim@example.com', role: 'Producer', basisPoints: 4_550 }] },
      ],
      recoupments: [{ label: 'Artwork', paidByEmail: 'kim@example.com', amount: 250_50 }],
    });
    expect(screen.getByText(/Nobody needed a new invite/)).toBeTruthy();
  });

  it('lets a participant see the split but not change it', async () => {
    await open(EDIT, (request) =>
      request.path === SPLIT_PATH
        ? { ...withSplit, split: maraSplit({ viewerRole: 'PARTICIPANT' }) }
        : undefined,
    );
    await eventually(() => screen.getByText(/Only the release’s owner can change its split/));
    expect(screen.queryByRole('button', { name: 'Save split' })).toBeNull();
  });

  it('says a taken-down release’s split is closed as soon as it opens, with editing disabled', async () => {
    const { requests } = await open(EDIT, (request) =>
      request.path === SPLIT_PATH ? { ...withSplit, takenDownAt: '2026-11-02T10:00:00.000Z' } : undefined,
    );
    await eventually(() =>
      screen.getByText(/This release was taken down on 02-11-2026, so its split is closed/),
    );
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save split' });
    expect(save.disabled).toBe(true);
    const form = screen.getByRole('form', { name: 'Split' });
    // Every field of the form is disabled through its fieldset.
    const fields = within(form).getAllByRole('textbox');
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((field) => field.matches(':disabled'))).toBe(true);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
