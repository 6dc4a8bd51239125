import { ErrorPanel } from '@tunehouse/ui';
import { useShell } from './shell-react-context.js';
import { usePageMeta } from './use-page-meta.js';

/** A path under the area's prefix that none of its routes renders. */
export function AreaNotFound() {
  const shell = useShell();
  usePageMeta('Something is missing');
  return (
    <ErrorPanel
      status={404}
      detail={window.location.pathname}
      supportEmail={shell.config.supportEmail}
      onBack={() => shell.navigate('/')}
    />
  );
}
