import { mergeConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.js';
import { ZOD_INTERNALS_ALIAS, zodFolder } from './src/shared.js';

// browser/zod-members.js reaches zod's own files as the apps' builds do (app-config.ts).
const zod = zodFolder(import.meta.dirname);

export default mergeConfig(projectTestConfig('node'), {
  resolve: { alias: zod ? { [ZOD_INTERNALS_ALIAS]: zod } : {} },
});
