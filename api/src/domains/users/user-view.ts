import type { CurrentUser, User } from '@tunehouse/contracts';
import type { UserRecord } from '../../platform/auth-guard.js';
import { iso } from '../../platform/db.js';

/** The user with its account, as every session and user answer carries it. */
export function toUser(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    account: {
      id: user.account.id,
      country: user.account.country as User['account']['country'],
      city: user.account.city,
      verifiedAt: iso(user.account.verifiedAt),
      suspendedAt: iso(user.account.suspendedAt),
    },
  };
}

export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    ...toUser(user),
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
    secondStep: user.secondStep,
  };
}
