import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, badgeStyle, colors, formatDate } from '@tunehouse/ui';
import { adminKeys, setSuspended } from './admin-queries.js';

/** One user with what an admin can do about them. Admins are never impersonated. */
export function AdminUserRow({ user }: { user: AdminUser }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const suspended = Boolean(user.account.suspendedAt);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const suspension = useMutation({
    mutationFn: () => setSuspended(shell.api, user.id, !suspended),
    onSuccess: () => {
      shell.toasts.push(`${name} is ${suspended ? 'no longer suspended' : 'suspended'}.`, 'SUCCESS');
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => shell.toasts.push(messageOf(error), 'ERROR'),
  });
  const impersonation = useMutation({
    mutationFn: () =>
      shell.session.impersonate(user.id, `${window.location.pathname}${window.location.search}`),
    onSuccess: () => shell.navigate('/'),
    onError: (error) => shell.toasts.push(messageOf(error), 'ERROR'),
  });

  return (
    <tr>
      <td>
        <strong>{name}</strong>
        <br />
        <span style={{ color: colors.muted }}>{user.email}</span>
      </td>
      <td>
        {user.isAdmin && <span css={badgeStyle(colors.primary)}>ADMIN</span>}{' '}
        {suspended && <span css={badgeStyle(colors.danger)}>SUSPENDED</span>}{' '}
        {user.secondStep !== 'none' && <span css={badgeStyle(colors.success)}>2-STEP</span>}
      </td>
      <td>{user.createdAt ? formatDate(user.createdAt) : '—'}</td>
      <td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
        {!user.isAdmin && (
          <>
            <Button
              variant="secondary"
              disabled={impersonation.isPending}
              onClick={() => impersonation.mutate()}
              aria-label={`View as ${name}`}
            >
              View as user
            </Button>{' '}
            <Button
              variant="ghost"
              disabled={suspension.isPending}
              onClick={() => suspension.mutate()}
              aria-label={`${suspended ? 'Unsuspend' : 'Suspend'} ${name}`}
            >
              {suspended ? 'Unsuspend' : 'Suspend'}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}
