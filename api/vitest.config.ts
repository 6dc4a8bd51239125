import { defineConfig, mergeConfig } from 'vitest/config';
import { projectTestConfig } from '../vitest.shared.js';

export default mergeConfig(
  projectTestConfig('node'),
  defineConfig({
    test: {
      // One PostgreSQL server for the whole run; each test file clones its own database from a migrated template.
      globalSetup: ['src/testing/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
