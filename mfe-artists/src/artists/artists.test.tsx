import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/dom';
import { choose, click, eventually, renderAreaRoute, type } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { type ArtistDetail, type ArtistSuggestions, UNSEARCHED_PLATFORMS_HEADER } from '@tunehouse/contracts';
import { area } from '../area.js';

// Slow machines (CI, parallel runs) need more than the 5 s default for a whole dialog flow.
vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const SPOTIFY_ID = '4Z8W4fKeB5YxbusRsdQVPb';
const NOW = '2025-11-20T10:00:00.000Z';

function artist(overrides: Partial<ArtistDetail> = {}): ArtistDetail {
  return {
    id: 'a1',
    name: 'Nova Lane',
    image: null,
    profiles: [],
    albumCount: 2,
    trackCount: 14,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const page = (items: ArtistDetail[]) => ({ items, currentOffset: 0, size: 20, totalItems: items.length });

type Responder = (request: ApiRequest<unknown>) => unknown;

/** Opens /artists with a list answer and whatever else `more` answers; anything unplanned fails loudly. */
async function open(items: ArtistDetail[], more: Responder = () => undefined) {
  const rendered = await renderAreaRoute(area, '/artists', {
    respond: (request) => {
      const answer = more(request);
      if (answer !== undefined) return answer;
      if (request.method === 'GET' && request.path === '/v2/artists') return page(items);
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  return rendered;
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name });

/** Opens the new-artist dialog, names the artist and adds a profile row for the platform. */
async function newArtistWithProfile(name: string, platform: string) {
  await click(await eventually(() => screen.getByRole('button', { name: 'New artist' })));
  await type(within(dialog()).getByLabelText('Artist name'), name);
  await choose(within(dialog()).getByLabelText('Add a profile on'), platform);
  await click(button('Add profile', dialog()));
}

describe('the artist list', () => {
  it('shows each artist with its picture, profile badges and counts', async () => {
    await open([
      artist({
        profiles: [
          {
            platform: 'SPOTIFY',
            platformId: SPOTIFY_ID,
            name: 'Nova Lane',
            url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
            imageUrl: '',
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
      }),
    ]);
    const table = await eventually(() => screen.getByRole('table', { name: 'Artists' }));
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Nova Lane')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Spotify' }).getAttribute('href')).toBe(
      `https://open.spotify.com/artist/${SPOTIFY_ID}`,
    );
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('14')).toBeTruthy();
    expect(screen.getByText('1 artist')).toBeTruthy();
  });

  it('says so when there are no artists yet, and offers to add one', async () => {
    await open([]);
    expect(await eventually(() => screen.getByRole('heading', { name: 'No artists yet' }))).toBeTruthy();
    await click(button('Add your first artist'));
    expect(screen.getByRole('dialog', { name: 'New artist' })).toBeTruthy();
  });

  it('searches by name and sorts through the API', async () => {
    const { record } = await open([artist()]);
    await eventually(() => screen.getByRole('table', { name: 'Artists' }));
    await type(screen.getByLabelText('Search artists'), 'nov');
    await choose(screen.getByLabelText('Sort by'), 'newest');
    await eventually(() =>
      expect(record.requests.at(-1)?.query).toEqual({
        q: 'nov',
        order_by: 'created_at',
        order: 'desc',
        offset: 0,
        size: 20,
      }),
    );
    expect(window.location.search).toBe('?sort=newest&q=nov');
  });
});

describe('the artist form', () => {
  it('checks each link against its platform and puts the error on that field', async () => {
    const { record } = await open([]);
    await newArtistWithProfile('Nova Lane', 'SPOTIFY');
    const link = within(dialog()).getByLabelText('Spotify link');
    await type(link, `https://open.spotify.com/album/${SPOTIFY_ID}`);
    await click(button('Create artist', dialog()));
    await eventually(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(link.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(error?.textContent).toBe(
      'Not a Spotify artist link, e.g. https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
    );
    expect(record.requests.some((request) => request.method === 'POST')).toBe(false);

    // A Spotify link is not an Apple Music link either.
    await choose(within(dialog()).getByLabelText('Add a profile on'), 'APPLE_MUSIC');
    await click(button('Add profile', dialog()));
    const apple = within(dialog()).getByLabelText('Apple Music link');
    await type(apple, `https://open.spotify.com/artist/${SPOTIFY_ID}`);
    await click(button('Create artist', dialog()));
    await eventually(() => expect(apple.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog()).getByText(/^Not an? Apple Music artist link/)).toBeTruthy();
  });

  it('sends a good link in its stored form, with the id read from it', async () => {
    let sent: unknown;
    const { record } = await open([], (request) => {
      if (request.method === 'POST' && request.path === '/v1/artists') {
        sent = request.body;
        return artist({ id: 'new-1' });
      }
      return undefined;
    });
    await newArtistWithProfile('  Nova Lane ', 'SPOTIFY');
    await type(
      within(dialog()).getByLabelText('Spotify link'),
      `open.spotify.com/intl-de/artist/${SPOTIFY_ID}?si=x`,
    );
    await click(button('Create artist', dialog()));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      name: 'Nova Lane',
      profiles: [
        {
          platform: 'SPOTIFY',
          platformId: SPOTIFY_ID,
          name: 'Nova Lane',
          url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
          imageUrl: null,
        },
      ],
    });
    expect(record.toasts.at(-1)).toMatchObject({ message: 'Nova Lane is added.', level: 'SUCCESS' });
  });

  it("places the server's field errors on the fields and keeps what was typed", async () => {
    await open([], (request) => {
      if (request.method === 'POST' && request.path === '/v1/artists')
        throw Object.assign(new Error('The request body is invalid'), {
          status: 400,
          code: 'VALIDATION_FAILED',
          details: [
            { path: ['body', 'profiles', 0, 'platformId'], message: 'Does not match the link' },
            { path: ['body', 'name'], message: 'That name is too long for the stores' },
          ],
        });
      return undefined;
    });
    await newArtistWithProfile('Nova Lane', 'SPOTIFY');
    const link = within(dialog()).getByLabelText('Spotify link');
    await type(link, `https://open.spotify.com/artist/${SPOTIFY_ID}`);
    await click(button('Create artist', dialog()));
    await eventually(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog()).getByText('Does not match the link')).toBeTruthy();
    const name = within(dialog()).getByLabelText('Artist name') as HTMLInputElement;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText('That name is too long for the stores')).toBeTruthy();
    expect(name.value).toBe('Nova Lane');
    // Every issue found its field, so there is no message for the form as a whole.
    expect(within(dialog()).queryByText('The request body is invalid')).toBeNull();
  });

  const suggestions: ArtistSuggestions = [
    {
      platform: 'SPOTIFY',
      platformId: SPOTIFY_ID,
      name: 'Nova Lane',
      url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
      imageUrl: 'https://i.scdn.co/image/nova',
    },
  ];

  it('under a shell that hands over no answer headers (before 1.3), suggests without the not-searched note', async () => {
    await open([], (request) => (request.path === '/v1/artists/suggestions' ? suggestions : undefined));
    await newArtistWithProfile('Nova', 'SPOTIFY');
    await eventually(() =>
      within(dialog()).getByRole('button', { name: `Use Nova Lane, open.spotify.com/artist/${SPOTIFY_ID}` }),
    );
    expect(within(dialog()).queryByText(/itself is not searched/)).toBeNull();
  });

  it('suggests profiles found by name on the platform, and picking one fills the profile', async () => {
    let sent: { profiles?: unknown[] } | undefined;
    const { record } = await open([], (request) => {
      if (request.path === '/v1/artists/suggestions') {
        // What the shell's client (contract 1.3) does with the answer's headers.
        request.onResponseHeaders?.(new Headers({ [UNSEARCHED_PLATFORMS_HEADER]: 'spotify=NOT_CONFIGURED' }));
        return suggestions;
      }
      if (request.method === 'POST' && request.path === '/v1/artists') {
        sent = request.body as typeof sent;
        return artist();
      }
      return undefined;
    });
    const asked = () =>
      record.requests
        .filter((request) => request.path === '/v1/artists/suggestions')
        .map((request) => request.query);
    await newArtistWithProfile('Nova', 'SPOTIFY');
    // An empty link field searches for the artist's name; a name typed into it searches for that.
    await eventually(() => expect(asked()).toEqual([{ q: 'Nova', 'platform[]': ['SPOTIFY'] }]));
    const link = within(dialog()).getByLabelText('Spotify link') as HTMLInputElement;
    await type(link, 'nova la');
    await eventually(() => expect(asked().at(-1)).toEqual({ q: 'nova la', 'platform[]': ['SPOTIFY'] }));
    const pick = await eventually(() =>
      within(dialog()).getByRole('button', {
        name: `Use Nova Lane, open.spotify.com/artist/${SPOTIFY_ID}`,
      }),
    );
    expect(within(dialog()).getByText(/Spotify itself is not searched on this installation/)).toBeTruthy();

    await click(pick);
    expect(link.value).toBe(`https://open.spotify.com/artist/${SPOTIFY_ID}`);
    expect(within(dialog()).getByText('Nova Lane', { selector: 'strong' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: /^Use / })).toBeNull();

    await click(button('Create artist', dialog()));
    await eventually(() => expect(sent).toBeDefined());
    expect(sent?.profiles).toEqual([
      {
        platform: 'SPOTIFY',
        platformId: SPOTIFY_ID,
        name: 'Nova Lane',
        url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
        imageUrl: 'https://i.scdn.co/image/nova',
      },
    ]);
  });

  it('uploads a chosen image after saving, as multipart with one part named image', async () => {
    let upload: FormData | undefined;
    await open([artist()], (request) => {
      if (request.method === 'POST' && request.path === '/v1/artists/a1') return artist();
      if (request.method === 'POST' && request.path === '/v1/artists/a1/image') {
        upload = request.body as FormData;
        return artist();
      }
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Edit Nova Lane' })));
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]')!;
    const gif = new File(['GIF89a'], 'nova.gif', { type: 'image/gif' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [gif] } });
    });
    expect(within(dialog()).getByText('Choose a JPG or PNG image')).toBeTruthy();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'nova.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [png] } });
    });
    expect(within(dialog()).getByText('nova.png will be uploaded when you save.')).toBeTruthy();
    await click(button('Save artist', dialog()));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(upload?.get('image')).toBeInstanceOf(File);
    expect((upload?.get('image') as File).name).toBe('nova.png');
  });

  it('shows an upload refused by the server on the image, with the artist kept', async () => {
    await open([artist()], (request) => {
      if (request.method === 'POST' && request.path === '/v1/artists/a1') return artist();
      if (request.path === '/v1/artists/a1/image')
        throw Object.assign(new Error('Only JPEG and PNG images are accepted (found image/gif)'), {
          status: 415,
          details: [
            { path: ['body', 'image'], message: 'Only JPEG and PNG images are accepted (found image/gif)' },
          ],
        });
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Edit Nova Lane' })));
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] } });
    });
    await click(button('Save artist', dialog()));
    expect(
      await eventually(() =>
        within(dialog()).getByText('Only JPEG and PNG images are accepted (found image/gif)'),
      ),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('deleting an artist', () => {
  it('asks first, and shows why the server refused', async () => {
    await open([artist()], (request) => {
      if (request.method === 'DELETE')
        throw Object.assign(
          new Error('This artist is credited on a release that has been delivered to stores'),
          {
            status: 409,
            code: 'CONFLICT',
          },
        );
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Delete Nova Lane' })));
    const confirm = screen.getByRole('dialog', { name: 'Delete Nova Lane?' });
    expect(document.activeElement).toBe(button('Cancel', confirm));
    await click(button('Delete artist', confirm));
    expect((await eventually(() => within(confirm).getByRole('alert'))).textContent).toBe(
      'This artist is credited on a release that has been delivered to stores',
    );
    await click(button('Cancel', confirm));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
