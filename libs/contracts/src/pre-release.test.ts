import { describe, expect, it } from 'vitest';
import { preReleaseUntil, statusAsOf } from './pre-release.js';

const now = new Date('2026-11-27T23:30:00Z');

describe('pre-release until the release date (UTC days)', () => {
  it('answers LIVE before the date as ACCEPTED, out on the date', () => {
    expect(statusAsOf('LIVE', '2026-12-07', now)).toEqual({ status: 'ACCEPTED', liveOn: '2026-12-07' });
    expect(statusAsOf('LIVE', '2026-11-28', now)).toEqual({ status: 'ACCEPTED', liveOn: '2026-11-28' });
  });

  it('is LIVE from the date on, and leaves other statuses and undated releases alone', () => {
    expect(statusAsOf('LIVE', '2026-11-27', now)).toEqual({ status: 'LIVE', liveOn: null });
    expect(statusAsOf('LIVE', '2025-01-01', now)).toEqual({ status: 'LIVE', liveOn: null });
    expect(statusAsOf('SUBMITTED', '2026-12-07', now)).toEqual({ status: 'SUBMITTED', liveOn: null });
    expect(statusAsOf('LIVE', null, now)).toEqual({ status: 'LIVE', liveOn: null });
    expect(preReleaseUntil('2026-12-07T00:00:00Z', now)).toBe('2026-12-07');
  });
});
