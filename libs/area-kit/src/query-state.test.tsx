import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryState } from './query-state.js';

afterEach(cleanup);

/** The parts of a query result QueryState reads. */
const query = (state: { data?: string; error?: Error }) =>
  ({
    data: state.data,
    isError: state.error !== undefined,
    error: state.error ?? null,
    refetch: async () => undefined,
  }) as unknown as UseQueryResult<string>;

const shape = <div data-testid="shape" style={{ height: 200 }} />;

describe('QueryState with a placeholder (the part keeps its size: no layout shift)', () => {
  it('draws the placeholder while loading, hidden from assistive technology, and announces the load', () => {
    render(
      <QueryState query={query({})} what="the balance" placeholder={shape}>
        {(data) => <p>{data}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the balance…');
    const placeholder = screen.getByTestId('shape');
    expect(placeholder.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps the placeholder, invisible, in the same grid cell as the failure', () => {
    render(
      <QueryState query={query({ error: new Error('offline') })} what="the balance" placeholder={shape}>
        {(data) => <p>{data}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    const hidden = screen.getByTestId('shape').closest<HTMLElement>('[aria-hidden="true"]');
    expect(hidden?.style.visibility).toBe('hidden');
    expect(hidden?.style.gridArea).toBe('1 / 1');
    const failureCell = screen
      .getByRole('button', { name: 'Try again' })
      .closest<HTMLElement>('[style*="grid-area"]');
    expect(failureCell?.style.gridArea).toBe('1 / 1');
    expect(failureCell?.parentElement?.style.display).toBe('grid');
  });

  it('draws the content alone once the data is there', () => {
    render(
      <QueryState query={query({ data: 'ready' })} what="the balance" placeholder={shape}>
        {(data) => <p>{data}</p>}
      </QueryState>,
    );
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByTestId('shape')).toBeNull();
  });

  it('without a placeholder, says "Loading …" in a line as before', () => {
    render(
      <QueryState query={query({})} what="the balance">
        {(data) => <p>{data}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('status').tagName).toBe('P');
  });
});
