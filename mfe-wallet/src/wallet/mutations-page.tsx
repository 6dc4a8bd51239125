import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import {
  call,
  endpoints,
  mutationsFileName,
  WALLET_MUTATION_TYPES,
  type WalletMutationType,
} from '@tunehouse/contracts';
import { DownloadButton, Link, QueryState, useListSearch, usePageMeta, useShell } from '@tunehouse/area-kit';
import { Card, Pager, Page, SelectField, TextField, mq } from '@tunehouse/ui';
import { MUTATION_TYPE_LABELS } from '../shared/money.js';
import { MutationTable } from './mutation-table.js';
import { mutationsQuery, walletQuery } from '../shared/wallet-queries.js';

const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const filtersStyle = css`
  display: grid;
  gap: 0 0.75rem;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: repeat(3, minmax(0, 14rem));
  }
`;

const typeOptions = WALLET_MUTATION_TYPES.map((value) => ({ value, label: MUTATION_TYPE_LABELS[value] }));

const isType = (value: string | null): value is WalletMutationType =>
  value !== null && (WALLET_MUTATION_TYPES as readonly string[]).includes(value);

/** A day (YYYY-MM-DD) from the address, when it is one. */
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/** /wallet/mutations: every mutation of the wallet, filtered by type and date, a page at a time, and as CSV. */
export function MutationsPage() {
  usePageMeta('Mutations');
  const shell = useShell();
  const { search, offset, setParam } = useListSearch();
  const typeParam = search.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const from = dayOf(search.get('from'));
  const toParam = dayOf(search.get('to'));
  // A range that runs backwards keeps only its start: the API refuses `to` before `from`.
  const to = from && toParam && toParam < from ? undefined : toParam;
  const wallet = useQuery(walletQuery(shell.api));
  // The export holds every page the filters keep.
  const filter = { type, from, to };
  const mutations = useQuery(mutationsQuery(shell.api, { ...filter, offset, size: PAGE_SIZE }));

  return (
    <Page title="Mutations">
      <p>
        <Link to="/wallet">Back to the wallet</Link>
      </p>
      <div css={filtersStyle}>
        <SelectField
          label="Type"
          placeholder="All types"
          options={typeOptions}
          value={type ?? ''}
          onChange={(event) => setParam('type', event.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={from ?? ''}
          onChange={(event) => setParam('from', event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to ?? ''}
          min={from}
          onChange={(event) => setParam('to', event.target.value)}
        />
      </div>
      <p>
        <DownloadButton
          label="Export CSV"
          what="The CSV"
          fileName={mutationsFileName(filter)}
          fetchFile={() => call(shell.api, endpoints.wallet.mutationsExport, { query: filter })}
        />
      </p>
      <Card>
        <QueryState query={mutations} what="the mutations">
          {(page) =>
            page.items.length === 0 ? (
              <p>No mutations match.</p>
            ) : (
              <>
                <MutationTable
                  mutations={page.items}
                  currency={wallet.data?.currency ?? 'EUR'}
                  label="Mutations"
                />
                <Pager {...page} onOffset={(next) => setParam('offset', String(next))} />
              </>
            )
          }
        </QueryState>
      </Card>
    </Page>
  );
}
