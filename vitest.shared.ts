import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import VitestFailureDigest from './tools/testing/vitest-failure-digest.js';

const domSetup = fileURLToPath(new URL('./tools/testing/dom-setup.ts', import.meta.url));

/** The one Vitest setup every project extends: emotion's JSX runtime and the environment it needs. */
export function projectTestConfig(environment: 'node' | 'jsdom' = 'node') {
  return defineConfig({
    oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
    test: {
      environment,
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // The digest of failures that `npm test` prints last (tools/testing/vitest-failure-digest.ts).
      reporters: ['default', new VitestFailureDigest()],
      // Rendering suites share two cores with builds and other suites in `npm test`; 5 s was too tight there.
      testTimeout: environment === 'jsdom' ? 20_000 : 10_000,
      ...(environment === 'jsdom' ? { setupFiles: [domSetup] } : {}),
    },
  });
}
