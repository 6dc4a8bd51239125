export { SHELL_CONTRACT_VERSION } from './version.js';
export type * from './shell-context.js';
export * from './context-guard.js';
export * from './guards.js';
export * from './registry.js';
export * from './route-ownership.js';
export * from './return-path.js';
export * from './help-links.js';
export * from './page-load-status.js';
