import type { CurrentUser } from '@tunehouse/contracts';

/** The signed-in user of the area's tests as GET /v1/users/me answers: the fake shell's demo user, not an admin. */
export const ME: CurrentUser = {
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

/** The same user as the admin area's tests see it: an admin. */
export const ADMIN_USER: CurrentUser = { ...ME, isAdmin: true };
