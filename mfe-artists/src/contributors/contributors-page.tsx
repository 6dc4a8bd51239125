import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { CREDIT_ROLES, type Contributor, type CreditRole } from '@tunehouse/contracts';
import { useShell, usePageMeta } from '@tunehouse/area-kit';
import {
  Button,
  Page,
  Pager,
  SelectField,
  TextField,
  colors,
  badgeStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import {
  AreaTabs,
  EmptyState,
  ListStates,
  responsiveTableStyle,
  tableCardStyle,
  rowActionsStyle,
  toolbarStyle,
} from '../shared/list-layout.js';
import { useListParams, useStepBackFromEmptyPage } from '../shared/use-list-params.js';
import { ContributorDialog } from './contributor-dialog.js';
import { contributorRolesQuery, contributorsQuery } from './contributor-queries.js';
import { DeleteContributorDialog } from './delete-contributor-dialog.js';
import { roleOptions } from './roles.js';

const PAGE_SIZE = 20;

const isCreditRole = (value: string | null): value is CreditRole =>
  value !== null && (CREDIT_ROLES as readonly string[]).includes(value);

/** /artists/contributors: the people credited on tracks, with role and publisher; created, edited, deleted. */
export function ContributorsPage() {
  usePageMeta('Contributors');
  const shell = useShell();
  const list = useListParams();
  const roleParam = list.param('role');
  const role = isCreditRole(roleParam) ? roleParam : undefined;
  const roles = useQuery(contributorRolesQuery(shell.api));
  const options = roleOptions(roles.data);
  const roleName = (value: CreditRole) => options.find((option) => option.value === value)?.label ?? value;
  const [editing, setEditing] = useState<Contributor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contributor | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const contributors = useQuery(
    contributorsQuery(shell.api, { q: list.q || undefined, role, offset: list.offset, size: PAGE_SIZE }),
  );
  useStepBackFromEmptyPage(contributors, list.setOffset);

  const openNew = () => setEditing('new');
  return (
    <Page title="Contributors">
      <AreaTabs />
      <div css={toolbarStyle}>
        <TextField
          label="Search contributors"
          type="search"
          placeholder="Name"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <SelectField
          label="Role"
          placeholder="All roles"
          options={options}
          value={role ?? ''}
          onChange={(event) => list.setFilters({ role: event.target.value || null })}
        />
        <Button ref={newButton} onClick={openNew}>
          New contributor
        </Button>
      </div>

      <ListStates
        query={contributors}
        what={['contributors', 'contributor']}
        q={list.q}
        filtered={role !== undefined}
        onClear={() => {
          list.clearSearch();
          list.setFilters({ role: null });
        }}
        empty={
          <EmptyState
            title="No contributors yet"
            action={<Button onClick={openNew}>Add your first contributor</Button>}
          >
            <p>
              Add the songwriters, producers, engineers and musicians you work with, once, and credit them on
              every track.
            </p>
          </EmptyState>
        }
      >
        {(page) => (
          <>
            <div css={tableCardStyle}>
              <table
                css={responsiveTableStyle}
                aria-label="Contributors"
                aria-busy={contributors.isPlaceholderData || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Publisher</th>
                    <th scope="col">
                      <span css={visuallyHidden}>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((contributor) => (
                    <tr key={contributor.id}>
                      <td>
                        <strong
                          css={css`
                            overflow-wrap: anywhere;
                          `}
                        >
                          {contributor.name}
                        </strong>
                      </td>
                      <td>
                        <span
                          css={css`
                            ${badgeStyle(colors.surface)};
                            color: ${colors.inkSoft};
                            border: 1px solid ${colors.border};
                            letter-spacing: 0;
                          `}
                        >
                          {roleName(contributor.role)}
                        </span>
                      </td>
                      <td data-label="Publisher">
                        {contributor.publisher || (
                          <span
                            css={css`
                              color: ${colors.muted};
                            `}
                          >
                            None
                          </span>
                        )}
                      </td>
                      <td>
                        <div css={rowActionsStyle}>
                          <Button
                            variant="secondary"
                            onClick={() => setEditing(contributor)}
                            aria-label={`Edit ${contributor.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            onClick={() => setDeleting(contributor)}
                            aria-label={`Delete ${contributor.name}`}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager {...page} onOffset={list.setOffset} label="Contributor pages" />
          </>
        )}
      </ListStates>

      <ContributorDialog
        open={editing !== null}
        contributor={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        fallbackFocus={newButton}
      />
      <DeleteContributorDialog
        contributor={deleting}
        onClose={() => setDeleting(null)}
        fallbackFocus={newButton}
      />
    </Page>
  );
}
