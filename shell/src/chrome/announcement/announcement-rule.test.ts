import { describe, expect, it } from 'vitest';
import { demoSessionView } from '@tunehouse/testing';
import { shouldAnnounce } from './announcement-rule.js';

const window = { usersCreatedBefore: '2023-11-14', hiddenAfter: '2023-12-14' };
const userCreated = (createdAt: string) => ({
  ...demoSessionView,
  user: { ...demoSessionView.user, createdAt },
});

describe('the royalty splits announcement rule', () => {
  it('shows to users created before 2023-11-14 up to and including 2023-12-14, once', () => {
    const old = userCreated('2023-11-13T23:00:00Z');
    expect(shouldAnnounce(old, window, new Date('2023-12-01T12:00:00Z'), false)).toBe(true);
    expect(shouldAnnounce(old, window, new Date('2023-12-14T22:00:00Z'), false)).toBe(true);
    expect(shouldAnnounce(old, window, new Date('2023-12-15T00:00:01Z'), false)).toBe(false);
    expect(shouldAnnounce(old, window, new Date('2023-12-01T12:00:00Z'), true)).toBe(false);
  });

  it('skips newer users, signed-out visitors and users without a creation date', () => {
    const now = new Date('2023-12-01T12:00:00Z');
    expect(shouldAnnounce(userCreated('2023-11-14T00:00:00Z'), window, now, false)).toBe(false);
    expect(shouldAnnounce(null, window, now, false)).toBe(false);
    expect(shouldAnnounce(demoSessionView, window, now, false)).toBe(false);
  });
});
