import { useEffect, type ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';
import { ErrorPanel, errorTitleFor } from '@tunehouse/ui';
import type { Analytics } from '../services/analytics.js';

export interface ShellErrorPageProps {
  status: number;
  detail?: string | undefined;
  /** A title and message of its own (the generic variant, which also shows the status); by status otherwise. */
  title?: string | undefined;
  message?: string | undefined;
  supportEmail: string;
  analytics: Analytics;
  setTitle: (title: string) => void;
  /** Where 'Take me back' goes; home unless the caller says otherwise. */
  backTo?: string | undefined;
  /** Why an area failed (unreachable, refused, crashed), reported with the page:error event. */
  kind?: string | undefined;
  /** Further actions, shown beside 'Take me back'. */
  actions?: ReactNode;
}

/**
 * The error page, shown in the content slot: a title by status (or its own), a plea to contact support, a way
 * back and the status/detail line. It reports itself as a page:error event.
 */
export function ShellErrorPage({
  status,
  detail,
  title,
  message,
  supportEmail,
  analytics,
  setTitle,
  backTo = '/',
  kind,
  actions,
}: ShellErrorPageProps) {
  const shownTitle = title ?? errorTitleFor(status);
  useEffect(() => {
    setTitle(shownTitle);
    analytics.track('page:error', { status, detail, ...(kind === undefined ? {} : { kind }) });
  }, [status, detail, kind, shownTitle, analytics, setTitle]);
  return (
    <ErrorPanel
      status={status}
      title={title}
      message={message}
      variant={title === undefined ? 'public' : 'generic'}
      detail={detail}
      supportEmail={supportEmail}
      onBack={() => navigateToUrl(backTo)}
      actions={actions}
    />
  );
}
