import type { CurrentUser } from '@tunehouse/contracts';

/** The fake shell's demo user as GET /v1/users/me answers: not an admin. */
export const demoCurrentUser: CurrentUser = {
  id: 'demo-user',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2024-01-02T10:00:00.000Z',
  account: { id: 'demo-account', country: 'GB', city: 'London', verifiedAt: null, suspendedAt: null },
  isAdmin: false,
  emailVerified: true,
  secondStep: 'none',
};

/** The same user as an admin: what the admin pages' tests sign in as, whichever area renders the page. */
export const demoAdminUser: CurrentUser = { ...demoCurrentUser, isAdmin: true };
