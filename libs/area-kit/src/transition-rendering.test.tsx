import { act } from 'react';
import ReactDOMClient from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { transitionRendering, type RootClient } from './transition-rendering.js';

describe('transitionRendering', () => {
  it('renders the area’s root inside a transition, and unmounts it as it is', () => {
    const calls: string[] = [];
    let inTransition = false;
    const client: RootClient = {
      createRoot: () => ({
        render: () => void calls.push(inTransition ? 'render in a transition' : 'render outside'),
        unmount: () => void calls.push(inTransition ? 'unmount in a transition' : 'unmount outside'),
      }),
    };
    const transition = (render: () => void) => {
      inTransition = true;
      render();
      inTransition = false;
    };
    const root = transitionRendering(client, transition).createRoot(document.createElement('div'));
    root.render(<p>page</p>);
    root.unmount();
    expect(calls).toEqual(['render in a transition', 'unmount outside']);
  });

  it('draws the page with React’s own client', async () => {
    const container = document.createElement('div');
    const root = transitionRendering(ReactDOMClient).createRoot(container);
    await act(async () => root.render(<h1>Albums</h1>));
    expect(container.innerHTML).toBe('<h1>Albums</h1>');
    await act(async () => root.unmount());
    expect(container.innerHTML).toBe('');
  });
});
