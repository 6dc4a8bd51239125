import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { SplitSummary } from '@tunehouse/contracts';
import { Link, ShellLink, useListSearch, usePageMeta, useShell, useMoney } from '@tunehouse/area-kit';
import {
  Card,
  FIRST_VIEWS,
  Page,
  Pager,
  SelectField,
  buttonStyles,
  colors,
  tableScroll,
  tableStyle,
} from '@tunehouse/ui';
import { formatShare } from '../shared/percent.js';
import { QueryState } from '@tunehouse/area-kit';
import { ReleaseRef } from '../shared/release-ref.js';
import { figureStyle } from '../shared/styles.js';
import { splitListQuery, type SplitListParams } from '../shared/split-queries.js';

const PAGE_SIZE = 25;

const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owned by me' },
  { value: 'participant', label: 'Shared with me' },
];

const filterStyle = css`
  max-width: 16rem;
`;

const roleOf = (value: string | null): SplitListParams['role'] =>
  value === 'owner' || value === 'participant' ? value : undefined;

/** "All accepted", or how many invitees have still to answer. */
export const statusText = (pendingCount: number) =>
  pendingCount === 0 ? 'All accepted' : `Waiting for ${pendingCount}`;

function SplitTable({ splits }: { splits: readonly SplitSummary[] }) {
  const money = useMoney();
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label="Splits">
      <table css={tableStyle} aria-label="Splits">
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Mine</th>
            <th scope="col">Status</th>
            <th scope="col" css={figureStyle}>
              My share
            </th>
            <th scope="col" css={figureStyle}>
              My earnings so far
            </th>
          </tr>
        </thead>
        <tbody>
          {splits.map((split) => (
            <tr key={split.id}>
              <td>
                <ReleaseRef
                  album={split.album}
                  title={<Link to={`/splits/${split.id}`}>{split.album.title}</Link>}
                />
              </td>
              <td>{split.viewerRole === 'OWNER' ? 'Owner' : 'Participant'}</td>
              <td>{statusText(split.pendingCount)}</td>
              <td css={figureStyle}>{formatShare(split.viewerBasisPoints)}</td>
              <td css={figureStyle}>{money(split.viewerEarnings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NoSplits() {
  return (
    <div css={{ color: colors.ink, lineHeight: 1.55 }}>
      <p>You have no splits yet.</p>
      <p>
        A split shares a release’s royalties with the people you made it with: you choose who gets which
        share, they accept by e-mail, and each period their part goes straight to their own wallet. Open a
        release and choose Splits to set one up.
      </p>
      <ShellLink to="/albums" css={buttonStyles.primary}>
        Go to your releases
      </ShellLink>
    </div>
  );
}

/** The splits I own and those I take part in, filtered by my role, a page at a time. */
export function SplitListPage() {
  usePageMeta('Royalty splits');
  const shell = useShell();
  const { search, offset, setParam } = useListSearch();
  const role = roleOf(search.get('role'));
  const splits = useQuery(splitListQuery(shell.api, { role, offset, size: PAGE_SIZE }));

  return (
    <Page {...FIRST_VIEWS['/splits']}>
      <div css={filterStyle}>
        <SelectField
          label="Show"
          placeholder="All my splits"
          options={ROLE_OPTIONS}
          value={role ?? ''}
          onChange={(event) => setParam('role', event.target.value)}
        />
      </div>
      <Card>
        <QueryState query={splits} what="the splits">
          {(page) => {
            if (page.items.length > 0)
              return (
                <>
                  <SplitTable splits={page.items} />
                  <Pager
                    {...page}
                    label="Pages of splits"
                    onOffset={(next) => setParam('offset', String(next))}
                  />
                </>
              );
            if (role === 'participant') return <p>Nobody has shared a split with you yet.</p>;
            return <NoSplits />;
          }}
        </QueryState>
      </Card>
    </Page>
  );
}
