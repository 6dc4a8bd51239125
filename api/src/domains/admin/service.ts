import {
  type AdminUser,
  type AdminUserListQuery,
  type ImpersonationAuditEntry,
  type ImpersonationAuditQuery,
  type Paginated,
  toPage,
} from '@tunehouse/contracts';
import type { AuthContext, UserRecord } from '../../platform/auth-guard.js';
import { type Db, iso, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type OpenedSession, revokeUserSessions, type SessionService } from '../sessions/index.js';
import { findUserById, toUser } from '../users/index.js';
import { insertImpersonation, listImpersonations, listUsers, setSuspended } from './repository.js';

export function toAdminUser(user: UserRecord): AdminUser {
  return {
    ...toUser(user),
    isAdmin: user.isAdmin,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    secondStep: user.secondStep,
  };
}

/** Admin work on other users. Every method assumes the route already required an admin session. */
export function createAdminService({ db, sessions }: { db: Db; sessions: SessionService }) {
  async function target(userId: string): Promise<UserRecord> {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(404, 'NOT_FOUND', 'No such user');
    return user;
  }

  async function list(query: AdminUserListQuery): Promise<Paginated<AdminUser>> {
    const { users, total } = await listUsers(db, query);
    return toPage(users.map(toAdminUser), query.offset, query.size, total);
  }

  /**
   * A session for the user carrying the admin's e-mail (the spec's admin marker), ending after the configured
   * time, audited in `impersonations` (ended when the session is destroyed). Admins cannot be impersonated:
   * that would let one admin act with another's rights.
   */
  async function impersonate(admin: AuthContext, userId: string): Promise<OpenedSession> {
    const user = await target(userId);
    if (user.isAdmin)
      throw new ApiError(403, 'IMPERSONATION_FORBIDDEN', 'Administrators cannot be impersonated');
    return withTransaction(db, async (tx) => {
      const opened = await sessions.open(tx, user, {
        impersonator: { id: admin.user.id, email: admin.user.email },
      });
      await insertImpersonation(tx, {
        adminId: admin.user.id,
        userId: user.id,
        sessionId: String(opened.session.id),
        expiresAt: opened.session.expiresAt!,
      });
      return opened;
    });
  }

  /** Suspension ends every session of the user at once: they must sign in again to learn why. */
  async function suspend(userId: string, suspended: boolean): Promise<AdminUser> {
    const user = await target(userId);
    if (user.isAdmin) throw new ApiError(403, 'FORBIDDEN', 'Administrators cannot be suspended here');
    const updated = await withTransaction(db, async (tx) => {
      await setSuspended(tx, user.account.id, suspended);
      if (suspended) await revokeUserSessions(tx, user.id, 'suspended');
      return findUserById(tx, user.id);
    });
    return toAdminUser(updated!);
  }

  /** The impersonation audit: who viewed the product as whom, and when; newest first. */
  async function impersonationAudit(
    query: ImpersonationAuditQuery,
  ): Promise<Paginated<ImpersonationAuditEntry>> {
    const { rows, total } = await listImpersonations(db, query);
    const entries = rows.map((row) => ({
      id: row.id,
      admin: { id: row.admin_id, email: row.admin_email },
      user: {
        id: row.user_id,
        email: row.user_email,
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
      },
      startedAt: iso(row.started_at)!,
      expiresAt: iso(row.expires_at)!,
      endedAt: iso(row.ended_at) ?? null,
    }));
    return toPage(entries, query.offset, query.size, total);
  }

  return { list, impersonate, suspend, impersonationAudit };
}

export type AdminService = ReturnType<typeof createAdminService>;
