import type { CurrentUser } from '@tunehouse/contracts';

/** The signed-in admin of the admin area's tests (GET /v1/users/me). */
export const ADMIN_USER: CurrentUser = {
  id: 'demo-user',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2024-01-02T10:00:00.000Z',
  account: { id: 'demo-account', country: 'GB', city: 'London', verifiedAt: null, suspendedAt: null },
  isAdmin: true,
  emailVerified: true,
  secondStep: 'none',
};
