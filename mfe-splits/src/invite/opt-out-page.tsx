import { useMutation } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import { messageOf, usePageMeta, useSearchParams, useShell } from '@tunehouse/area-kit';
import { Button, Card, Notice, Page } from '@tunehouse/ui';

/**
 * /splits/invites/opt-out?token=…: the link at the foot of every split invite mail. Anyone holding it (signed in or
 * not: the signed token is the capability) can ask for no more invite mails from that sender to that address. It
 * takes a press of the button, so a mail scanner following the link changes nothing.
 */
export function InviteOptOutPage() {
  usePageMeta('No more split invites');
  const shell = useShell();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const optOut = useMutation({
    mutationFn: () => call(shell.api, endpoints.splits.optOut, { body: { token } }),
  });
  return (
    <Page title="No more split invites">
      <Card title="Invites by e-mail" id="opt-out">
        {optOut.isSuccess ? (
          <Notice tone="success">
            Done: {optOut.data.senderName} can no longer send split invites to this address. Invites from
            other people still reach you.
          </Notice>
        ) : (
          <>
            <p>
              Someone invited you to share the royalties of a release on Tunehouse. You can ask not to receive
              any more invites from them by e-mail; nothing else changes.
            </p>
            {!token && (
              <Notice tone="error">This link is incomplete: copy the whole link from the mail.</Notice>
            )}
            {optOut.isError && <Notice tone="error">{messageOf(optOut.error)}</Notice>}
            <Button onClick={() => optOut.mutate()} disabled={!token || optOut.isPending}>
              {optOut.isPending ? 'Saving…' : 'Send me no more invites from them'}
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
