import { mergeConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.js';
import {
  REACT_ROUTER_INTERNALS_ALIAS,
  reactRouterFolder,
  ZOD_INTERNALS_ALIAS,
  zodFolder,
} from './src/shared.js';

// browser/zod-members.js and browser/react-router.js reach the packages' own files as the apps' builds do
// (app-config.ts).
const zod = zodFolder(import.meta.dirname);
const router = reactRouterFolder(import.meta.dirname);

export default mergeConfig(projectTestConfig('node'), {
  resolve: {
    alias: {
      ...(zod ? { [ZOD_INTERNALS_ALIAS]: zod } : {}),
      ...(router ? { [REACT_ROUTER_INTERNALS_ALIAS]: router } : {}),
    },
  },
});
