import type { CurrentUser, UpdateCurrentUserRequest } from '@tunehouse/contracts';
import type { UserRecord } from '../../platform/auth-guard.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { findUserById, updateProfile } from './repository.js';
import { toCurrentUser } from './user-view.js';

/** The signed-in user's own profile: name, country and city. */
export function createUserService({ db }: { db: Db }) {
  async function updateOwnProfile(user: UserRecord, changes: UpdateCurrentUserRequest): Promise<CurrentUser> {
    const updated = await withTransaction(db, async (tx) => {
      await updateProfile(tx, user, changes);
      return findUserById(tx, user.id);
    });
    if (!updated) throw new ApiError(404, 'NOT_FOUND', 'Cannot update unknown user');
    return toCurrentUser(updated);
  }

  return { updateOwnProfile };
}

export type UserService = ReturnType<typeof createUserService>;
