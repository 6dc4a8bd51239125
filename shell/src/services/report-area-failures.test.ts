import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReportContext, RemoteRegistry } from '@tunehouse/shell-contract';
import { areaFailures, clearAreaFailure, recordAreaFailure } from './area-failures.js';
import { reportAreaFailures, routePatternAt } from './report-area-failures.js';

const registry: RemoteRegistry = {
  schemaVersion: 1,
  areas: {
    wallet: {
      manifest: 'http://wallet.test/mf-manifest.json',
      scope: 'wallet',
      routes: ['/wallet', '/wallet/*', '/wallet/payouts/:id'],
      version: '3.1.0',
    },
  },
};

let reports: { error: Error; context: ErrorReportContext }[] = [];
let stop = () => undefined as unknown;

beforeEach(() => {
  reports = [];
  areaFailures.set({});
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stop = reportAreaFailures(
    registry,
    { report: (error, context) => reports.push({ error: error as Error, context }) },
    () => '/wallet/payouts/42',
  );
});
afterEach(() => {
  stop();
  areaFailures.set({});
});

describe("the shell's reports of areas it cannot show", () => {
  it('report a failure once, with the area, its deployed version and the route template', () => {
    recordAreaFailure('wallet', 'unreachable', 'The wallet area did not load');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.error.name).toBe('AreaUnreachable');
    expect(reports[0]!.error.message).toBe('The wallet area did not load');
    expect(reports[0]!.context).toEqual({
      area: 'wallet',
      areaVersion: '3.1.0',
      route: '/wallet/payouts/:id',
    });
  });

  it('do not report a "Try again" that fails the same way, but a new kind and a failure after a recovery', () => {
    recordAreaFailure('wallet', 'unreachable', 'down');
    areaFailures.set((failures) => ({ ...failures, wallet: { ...failures['wallet']!, retrying: true } }));
    recordAreaFailure('wallet', 'unreachable', 'down');
    expect(reports).toHaveLength(1);
    recordAreaFailure('wallet', 'crashed', 'threw while mounting');
    expect(reports.map((report) => report.error.name)).toEqual(['AreaUnreachable', 'AreaCrashed']);
    clearAreaFailure('wallet');
    recordAreaFailure('wallet', 'crashed', 'threw while mounting');
    expect(reports).toHaveLength(3);
  });

  it('name the most specific pattern, never the address', () => {
    expect(routePatternAt(['/wallet/*', '/wallet/payouts/:id'], '/wallet/payouts/7')).toBe(
      '/wallet/payouts/:id',
    );
    expect(routePatternAt(['/wallet/*'], '/wallet/a/b')).toBe('/wallet/*');
    expect(routePatternAt(['/wallet'], '/splits')).toBeUndefined();
  });
});
