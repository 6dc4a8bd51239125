import { demoAdminUser, demoCurrentUser } from '@tunehouse/testing';

/** The signed-in user of the area's tests as GET /v1/users/me answers: the fake shell's demo user, not an admin. */
export const ME = demoCurrentUser;

/** The same user as the admin area's tests see it: an admin. */
export const ADMIN_USER = demoAdminUser;
