import { useEffect } from 'react';
import { navigateToUrl } from 'single-spa';
import { ErrorPanel, errorTitleFor } from '@tunehouse/ui';
import type { Analytics } from '../services/analytics.js';

export interface ShellErrorPageProps {
  status: number;
  detail?: string | undefined;
  supportEmail: string;
  analytics: Analytics;
  setTitle: (title: string) => void;
  /** Where 'Take me back' goes; home unless the caller says otherwise. */
  backTo?: string | undefined;
}

/** Spec §2 error page, shown in the content slot; it reports itself as a page:error event. */
export function ShellErrorPage({
  status,
  detail,
  supportEmail,
  analytics,
  setTitle,
  backTo = '/',
}: ShellErrorPageProps) {
  useEffect(() => {
    setTitle(errorTitleFor(status));
    analytics.track('page:error', { status, detail });
  }, [status, detail, analytics, setTitle]);
  return (
    <ErrorPanel
      status={status}
      detail={detail}
      supportEmail={supportEmail}
      onBack={() => navigateToUrl(backTo)}
    />
  );
}
