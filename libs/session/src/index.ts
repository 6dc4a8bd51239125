export * from './errors.js';
export * from './jwt.js';
export * from './flags.js';
export * from './storage.js';
export * from './manager.js';
export * from './flows.js';
