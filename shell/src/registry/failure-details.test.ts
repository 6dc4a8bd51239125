import { describe, expect, it } from 'vitest';
import { classifyLifecycleError, plainText, refusedDetail, unreachableDetail } from './failure-details.js';

/** What Module Federation's runtime throws when a manifest cannot be fetched (its own format, shortened). */
const MANIFEST_ERROR = new Error(
  [
    'Failed to get manifest. #RUNTIME-003',
    'args: {"manifestUrl":"http://127.0.0.1:4205/mf-manifest.json","moduleName":"tunehouse_analytics"}',
    'https://module-federation.io/guide/troubleshooting/runtime/RUNTIME-003',
    'Original Error Message:',
    ' TypeError: Failed to fetch',
  ].join('\n'),
);

describe('unreachableDetail', () => {
  it('says which file did not arrive, without the URLs and documentation links of the runtime', () => {
    const detail = unreachableDetail('analytics', MANIFEST_ERROR);
    expect(detail).toBe("area 'analytics' could not be loaded: its manifest did not arrive");
    expect(
      unreachableDetail('analytics', new Error('Failed to load script resources. #RUNTIME-008 http://x/y')),
    ).toBe("area 'analytics' could not be loaded: its code did not arrive");
    expect(unreachableDetail('analytics', 'offline')).toBe("area 'analytics' could not be loaded");
  });
});

describe('plainText', () => {
  it('keeps the first line, drops links and shortens long text', () => {
    expect(plainText('Boom. See https://single-spa.js.org/error/?code=31\nat foo.js:1')).toBe('Boom.');
    expect(plainText('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('refusedDetail', () => {
  it('names the area and the contract check’s reason', () => {
    expect(refusedDetail('releases', "area 'releases' needs shell contract ^2.0.0, shell offers 1.1.0")).toBe(
      "area 'releases' was refused: area 'releases' needs shell contract ^2.0.0, shell offers 1.1.0",
    );
  });
});

describe('classifyLifecycleError', () => {
  const died = (status: string, message: string) =>
    new Error(`application 'wallet' died in status ${status}: ${message}`);

  it('calls an error thrown by the area’s own lifecycles a crash, saying in which phase', () => {
    expect(classifyLifecycleError('wallet', died('NOT_MOUNTED', 'root is null'))).toEqual({
      kind: 'crashed',
      detail: "area 'wallet' threw while mounting: root is null",
    });
    expect(classifyLifecycleError('wallet', died('BOOTSTRAPPING', 'no config')).detail).toBe(
      "area 'wallet' threw while starting: no config",
    );
    expect(classifyLifecycleError('wallet', died('UNMOUNTING', 'gone')).detail).toBe(
      "area 'wallet' threw while unmounting: gone",
    );
  });

  it('calls an error while loading a refusal: the module is not a set of lifecycles', () => {
    const error = died(
      'LOADING_SOURCE_CODE',
      'single-spa minified message #34: does not export a mount function See https://single-spa.js.org/error/?code=34',
    );
    const { kind, detail } = classifyLifecycleError('wallet', error);
    expect(kind).toBe('refused');
    expect(detail).toBe(
      "area 'wallet' was refused: single-spa minified message #34: does not export a mount function",
    );
  });

  it('still calls something a crash when single-spa did not prefix it', () => {
    expect(classifyLifecycleError('wallet', 'odd')).toEqual({
      kind: 'crashed',
      detail: "area 'wallet' threw while mounting: odd",
    });
  });
});
