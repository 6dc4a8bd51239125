import { defineConfig } from 'vitest/config';

/** The one Vitest setup every project extends: emotion's JSX runtime and the environment it needs. */
export function projectTestConfig(environment: 'node' | 'jsdom' = 'node') {
  return defineConfig({
    oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
    test: {
      environment,
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
    },
  });
}
