import type { SplitPutResult } from '@tunehouse/contracts';
import { Card, Notice, buttonStyles } from '@tunehouse/ui';
import { CopyLink } from '../shared/copy-link.js';
import { monthOf } from '../shared/split-sections.js';
import { Link } from '@tunehouse/area-kit';

/** After a save: which version starts when, the invite links to pass on (each shown this once), the way on. */
export function SavedSplit({ result }: { result: SplitPutResult }) {
  const { split, invites } = result;
  const newest = split.versions[0];
  return (
    <Card title="Split saved" id="saved">
      <Notice tone="success">
        The split is saved
        {newest ? `: version ${newest.number} takes effect from ${monthOf(newest.effectiveFrom)}` : ''}.
      </Notice>
      {invites.length > 0 ? (
        <>
          <p>
            An e-mail with an invite is on its way to each new or changed person. You can also send them their
            link yourself; it is shown only now.
          </p>
          <ul css={{ listStyle: 'none', padding: 0 }}>
            {invites.map((invite) => (
              <li key={invite.participantId}>
                <strong>{invite.email}</strong>
                <CopyLink url={invite.url} label={`Invite link for ${invite.email}`} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nobody needed a new invite: everyone whose share stayed the same keeps their answer.</p>
      )}
      <Link to={`/splits/${split.id}`} css={buttonStyles.primary}>
        Open the split
      </Link>
    </Card>
  );
}
