import { createRoot } from 'react-dom/client';
import { AreaRoot, type AreaDefinition } from '@tunehouse/area-kit';
import { createFakeShellContext } from './fake-shell-context.js';

/**
 * Runs an area on its own page with a fake shell (signed in as a demo user, toasts and player recorded),
 * so a team can work on its area without the shell or the other areas.
 */
export function mountStandalone(
  area: AreaDefinition,
  container: HTMLElement | null = document.getElementById('root'),
) {
  if (!container) throw new Error('Standalone page has no #root element');
  const { shell, record } = createFakeShellContext({ pushHistory: true });
  createRoot(container).render(<AreaRoot shell={shell} area={area} />);
  return { shell, record };
}
