/**
 * Users: the people who sign in, each with one account (country, city, verification, suspension).
 *
 * Exports for app.ts: `userRoutes` (the signed-in user reads and changes itself) and `createUserService`.
 * Exports for the other identity domains (sessions, accounts, account security, admin): the user queries and
 * writes (`findUserById`, `findCredentialsByEmail`, `insertUser`, `setPassword`, `markEmailVerified`, the TOTP
 * step record), the row mapping for queries that join users (`USER_COLUMNS`, `toUserRecord`) and the answer
 * shapes (`toUser`, `toCurrentUser`).
 */
export {
  type Credentials,
  findCredentialsByEmail,
  findTotp,
  findUserById,
  insertUser,
  markEmailVerified,
  type NewUser,
  recordTotpStep,
  setPassword,
  toUserRecord,
  USER_COLUMNS,
  type UserRow,
} from './repository.js';
export { userRoutes } from './routes.js';
export { createUserService, type UserService } from './service.js';
export { toCurrentUser, toUser } from './user-view.js';
