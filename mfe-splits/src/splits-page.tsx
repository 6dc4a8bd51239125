import { InvitePage } from './invite/invite-page.js';
import { SplitListPage } from './splits/split-list-page.js';
import { useSearchParams } from '@tunehouse/area-kit';

/** /splits: the list of splits, or, with `?invite={code}` (the link sent to an invitee), that invite. */
export function SplitsPage() {
  const [search] = useSearchParams();
  const code = search.get('invite');
  return code ? <InvitePage code={code} /> : <SplitListPage />;
}
