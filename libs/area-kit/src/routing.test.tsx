import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ShellContext } from '@tunehouse/shell-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AreaRoot } from './create-area.js';
import { NavLink, useLocationHash, useParams, useSearchParams } from './routing.js';

/** What AreaRoot and the not-found page read of the shell; nothing else is called here. */
const shell = {
  queryClient: new QueryClient(),
  config: { supportEmail: 'support@example.test' },
  navigate: () => undefined,
  setPageMeta: () => undefined,
} as unknown as ShellContext;

/** A navigation by the shell, as single-spa makes it: the history entry, then (once routed) `popstate`. */
const go = (url: string) =>
  act(() => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

function Item() {
  const { name } = useParams();
  const hash = useLocationHash();
  return (
    <p>
      item {name} {hash}
    </p>
  );
}

function Search() {
  const [search, setSearch] = useSearchParams();
  return (
    <>
      <p>query {search.get('q') ?? '(none)'}</p>
      <button onClick={() => setSearch((previous) => ({ ...Object.fromEntries(previous), q: '%41 & more' }))}>
        set
      </button>
    </>
  );
}

function Nav() {
  return (
    <nav>
      <NavLink to="/trends" end>
        Streams exactly
      </NavLink>
      <NavLink to="/trends">Streams and below</NavLink>
      <NavLink to="/trends/playlists?albumId=3">Playlists</NavLink>
    </nav>
  );
}

const area = {
  name: 'probe',
  shellRange: '^1.0.0',
  // Listed least specific first on purpose: the area's routes are ranked, not taken in order.
  routes: [
    { path: '/items/:name', element: <Item /> },
    { path: '/items/new', element: <p>new item</p> },
    { path: '/search', element: <Search /> },
    { path: '/trends/*', element: <Nav /> },
    { path: '/docs/*', element: <p>docs</p> },
    { path: '/docs/:page', element: <p>one doc</p> },
  ],
};

/** The probe area, mounted with the address at `url`. */
function showAt(url: string) {
  go(url);
  render(<AreaRoot shell={shell} area={area} />);
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('an area’s routing', () => {
  it('renders the most specific route, whatever the order the area lists them in', () => {
    showAt('/items/new');
    expect(screen.getByText('new item')).toBeTruthy();
    go('/items/7');
    expect(screen.getByText('item 7')).toBeTruthy();
    go('/docs');
    expect(screen.getByText('docs')).toBeTruthy();
    go('/docs/intro');
    expect(screen.getByText('one doc')).toBeTruthy();
    go('/docs/intro/more');
    expect(screen.getByText('docs')).toBeTruthy();
    go('/items/7/nothing-here');
    expect(screen.getByRole('heading', { name: 'Something is missing' })).toBeTruthy();
  });

  it('stays on its page when the address changes until the shell has routed (popstate)', () => {
    showAt('/items/new');
    // The shell is about to ask the areas (an editor may cancel): the area must not move yet.
    act(() => window.history.pushState(null, '', '/artists'));
    expect(screen.getByText('new item')).toBeTruthy();
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(screen.getByRole('heading', { name: 'Something is missing' })).toBeTruthy();
  });

  it('hands a page its parameters decoded, and the hash as it changes', () => {
    showAt('/items/caf%C3%A9%20bar');
    expect(screen.getByText('item café bar')).toBeTruthy();
    go('/items/caf%C3%A9%20bar#tracks.0.title');
    expect(screen.getByText('item café bar #tracks.0.title')).toBeTruthy();
  });

  it('keeps a query value exactly as set, percent signs included', () => {
    showAt('/search?page=2');
    expect(screen.getByText('query (none)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(screen.getByText('query %41 & more')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(window.location.pathname).toBe('/search');
  });

  it('marks the current page’s links, by path or by prefix unless `end`', () => {
    showAt('/trends/playlists');
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Streams exactly')).toBeNull();
    expect(current('Streams and below')).toBe('page');
    expect(current('Playlists')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'Streams exactly' }));
    expect(window.location.pathname).toBe('/trends');
    expect(current('Streams exactly')).toBe('page');
    expect(current('Playlists')).toBeNull();
  });
});
