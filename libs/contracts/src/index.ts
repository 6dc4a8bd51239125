export * from './primitives.js';
export * from './errors.js';
export * from './pagination.js';
export * from './session.js';
