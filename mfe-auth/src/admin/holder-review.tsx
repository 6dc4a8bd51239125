import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHolderReviewItem } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import {
  Button,
  Card,
  ConfirmDialog,
  Notice,
  Pager,
  colors,
  formatDateTime,
  tableScroll,
  tableStyle,
} from '@tunehouse/ui';
import { decideHolderReview, holderReviewKeys, holderReviewQueueQuery } from './admin-queries.js';

const PAGE_SIZE = 20;

type Decision = { item: AdminHolderReviewItem; decision: 'approve' | 'reject' };

/**
 * Bank accounts whose holder is not the account's verified legal name (decision 0062), oldest first: the holder as
 * typed beside the verified name; approve (payouts may go to it) or reject (they stay refused), each confirmed.
 */
export function HolderReview() {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const queue = useQuery(holderReviewQueueQuery(shell.api, offset, PAGE_SIZE));
  const page = queue.data;

  const decide = useMutation({
    mutationFn: ({ item, decision }: Decision) => decideHolderReview(shell.api, item.id, decision),
    onSuccess: (answer) => {
      shell.toasts.push(
        answer.holderReview === 'APPROVED'
          ? `${answer.maskedIban} is approved: payouts may go to it.`
          : `${answer.maskedIban} is rejected: payouts to it stay refused.`,
        'SUCCESS',
      );
      setConfirm(null);
    },
    // Decided here or by another admin (409): the queue has changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: holderReviewKeys.all }),
  });

  return (
    <Card title="Bank account holders" id="holder-review">
      <p style={{ color: colors.muted, marginTop: 0 }}>
        A bank account whose holder is not its account’s verified legal name waits here; no payout goes to it
        until it is approved.
      </p>
      {queue.isError && <Notice tone="error">{messageOf(queue.error)}</Notice>}
      {queue.isPending && <p role="status">Loading the bank accounts waiting for review…</p>}
      {page && page.items.length === 0 && <Notice>No bank account is waiting for review.</Notice>}
      {page && page.items.length > 0 && (
        <>
          <p>
            {page.totalItems ?? page.items.length} bank account
            {(page.totalItems ?? page.items.length) === 1 ? '' : 's'} waiting, oldest first
          </p>
          <div css={tableScroll}>
            <table css={tableStyle} aria-label="Bank accounts waiting for review">
              <thead>
                <tr>
                  <th>Holder as typed</th>
                  <th>Verified name</th>
                  <th>Account</th>
                  <th>Bank account</th>
                  <th>Added</th>
                  <th>Decision</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <tr key={item.id} data-method={item.id}>
                    <td>
                      <strong>{item.holderName}</strong>
                    </td>
                    <td>{item.verifiedName ?? 'No longer verified'}</td>
                    <td style={{ overflowWrap: 'anywhere' }}>{item.account.email}</td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {item.maskedIban} ({item.country})
                    </td>
                    <td>{formatDateTime(item.createdAt)}</td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      <Button
                        variant="secondary"
                        onClick={() => setConfirm({ item, decision: 'reject' })}
                        aria-label={`Reject ${item.maskedIban} held by ${item.holderName}`}
                      >
                        Reject…
                      </Button>{' '}
                      <Button
                        onClick={() => setConfirm({ item, decision: 'approve' })}
                        aria-label={`Approve ${item.maskedIban} held by ${item.holderName}`}
                      >
                        Approve…
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...page} onOffset={setOffset} label="Holder review pages" />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.decision === 'approve' ? 'Approve this bank account?' : 'Reject this bank account?'}
        confirmLabel={confirm?.decision === 'approve' ? 'Approve bank account' : 'Reject bank account'}
        tone={confirm?.decision === 'approve' ? 'default' : 'danger'}
        busy={decide.isPending}
        error={decide.isError ? messageOf(decide.error) : null}
        onConfirm={() => confirm && decide.mutate(confirm)}
        onCancel={() => {
          decide.reset();
          setConfirm(null);
        }}
      >
        {confirm && (
          <p>
            {confirm.item.maskedIban}, held by “{confirm.item.holderName}”, of the account verified as “
            {confirm.item.verifiedName ?? 'no longer verified'}”.{' '}
            {confirm.decision === 'approve'
              ? 'Payouts of that account may go to it.'
              : 'Payouts to it stay refused; the account can add one in its own name.'}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
