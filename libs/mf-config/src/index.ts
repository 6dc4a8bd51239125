export { createAppConfig, type AppConfigOptions } from './app-config.js';
export { createAreaConfig } from './area-config.js';
export {
  SHARED_SINGLETONS,
  installedVersion,
  sharedDependencies,
  type SharedModuleConfig,
} from './shared.js';
export { COMPRESSIBLE, PrecompressPlugin, compressVariants } from './precompress.js';
