import { formatPercent, planName } from '@tunehouse/contracts';
import { css } from '@emotion/react';
import type { LicenseReportItem, LicenseStatus } from '@tunehouse/contracts';
import { Link } from '@tunehouse/area-kit';
import { SelectField, colors, formatDate, mq } from '@tunehouse/ui';
import type { LicenceSort } from './reporting-queries.js';
import { stackedTable } from './stacked-table.js';

type SortField = LicenceSort['order_by'];

/** The columns the table sorts by (the call's sort fields that the table shows). */
const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'payment_plan', label: 'Plan' },
  { field: 'status', label: 'Status' },
  { field: 'starts_at', label: 'Starts' },
  { field: 'ends_at', label: 'Ends' },
  { field: 'created_at', label: 'Accepted' },
];

const STATUS_NAMES: Record<LicenseStatus, string> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  CANCELED: 'Ended (taken down)',
  REVOKED: 'Revoked',
};

const sortButton = css`
  display: inline-flex;
  gap: 0.3rem;
  align-items: center;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  cursor: pointer;
  &:hover {
    color: ${colors.ink};
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

const mobileSort = css`
  display: flex;
  gap: 0.75rem;
  align-items: flex-end;
  flex-wrap: wrap;
  margin-bottom: 0.5rem;
  ${mq('tablet')} {
    display: none;
  }
`;

const ariaSortOf = (sort: LicenceSort, field: SortField) =>
  sort.order_by !== field ? undefined : sort.order === 'asc' ? 'ascending' : 'descending';

/** A click on the sorted column turns its direction; on another column sorts by it, dates newest first. */
function nextSort(sort: LicenceSort, field: SortField): LicenceSort {
  if (sort.order_by === field) return { order_by: field, order: sort.order === 'asc' ? 'desc' : 'asc' };
  const textual = field === 'payment_plan' || field === 'status';
  return { order_by: field, order: textual ? 'asc' : 'desc' };
}

const day = (value: string | null | undefined) => (value ? formatDate(value) : '—');

/** The account's licences, one per release published, sortable by the call's sort fields. */
export function LicenceTable({
  licences,
  sort,
  onSort,
}: {
  licences: readonly LicenseReportItem[];
  sort: LicenceSort;
  onSort: (sort: LicenceSort) => void;
}) {
  if (licences.length === 0) return <p>No licence yet: publishing a release makes its licence.</p>;
  return (
    <>
      <div css={mobileSort}>
        <SelectField
          label="Sort licences by"
          value={sort.order_by}
          options={COLUMNS.map(({ field, label }) => ({ value: field, label }))}
          onChange={(event) => onSort({ ...sort, order_by: event.target.value as SortField })}
        />
        <SelectField
          label="Order"
          value={sort.order}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          onChange={(event) => onSort({ ...sort, order: event.target.value as LicenceSort['order'] })}
        />
      </div>
      <table css={stackedTable} aria-label="Licences">
        <thead>
          <tr>
            <th scope="col">Release</th>
            {COLUMNS.map(({ field, label }) => (
              <th key={field} scope="col" aria-sort={ariaSortOf(sort, field)}>
                <button type="button" css={sortButton} onClick={() => onSort(nextSort(sort, field))}>
                  {label}
                  <span aria-hidden="true">
                    {sort.order_by === field ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {licences.map((licence) => {
            const title = licence.album?.title ?? 'Untitled release';
            return (
              <tr key={String(licence.id ?? licence.albumId)} data-licence={licence.paymentPlan.id}>
                <th scope="row" data-label="Release">
                  {licence.albumId ? <Link to={`/albums/${licence.albumId}`}>{title}</Link> : title}
                </th>
                <td data-label="Plan">
                  {planName(licence.paymentPlan)} · keeps {formatPercent(licence.paymentPlan.share)}
                </td>
                <td data-label="Status">{licence.status ? STATUS_NAMES[licence.status] : '—'}</td>
                <td data-label="Starts">{day(licence.startsAt)}</td>
                <td data-label="Ends">{day(licence.endsAt)}</td>
                <td data-label="Accepted">{day(licence.termsAcceptedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
