import type { RefObject } from 'react';
import type { Contributor } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { DeleteDialog } from '../shared/delete-dialog.js';
import { contributorKeys, deleteContributor } from './contributor-queries.js';

/** Asks before deleting a contributor. */
export function DeleteContributorDialog({
  contributor,
  onClose,
  fallbackFocus,
}: {
  contributor: Contributor | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const shell = useShell();
  return (
    <DeleteDialog
      item={contributor}
      noun="contributor"
      remove={(target) => deleteContributor(shell.api, target.id)}
      listKey={contributorKeys.lists()}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <p>{contributor?.name} is removed from your contributors. This cannot be undone.</p>
    </DeleteDialog>
  );
}
