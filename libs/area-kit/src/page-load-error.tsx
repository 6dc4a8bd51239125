import { useEffect } from 'react';
import { isApiError, pageLoadStatus } from '@tunehouse/shell-contract';
import { ErrorPanel, errorTitleFor } from '@tunehouse/ui';
import { useShell } from './shell-react-context.js';

/**
 * A page whose data could not be loaded shows the error page in the area: 403 stays 403, any other
 * client error reads as 404, the rest as 500. It reports itself as `page:error`; the detail line carries the
 * server's message, never a stack trace.
 */
export function PageLoadError({ error, backTo = '/' }: { error: unknown; backTo?: string }) {
  const shell = useShell();
  const status = pageLoadStatus(isApiError(error) ? error.status : undefined);
  const detail = isApiError(error) ? error.message : undefined;
  useEffect(() => {
    shell.setPageMeta({ title: errorTitleFor(status) });
    shell.analytics.track('page:error', { status, detail });
  }, [shell, status, detail]);
  return (
    <ErrorPanel
      status={status}
      detail={detail}
      variant="generic"
      supportEmail={shell.config.supportEmail}
      onBack={() => shell.navigate(backTo)}
    />
  );
}
