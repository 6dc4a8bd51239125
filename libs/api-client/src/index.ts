export * from './errors.js';
export * from './query.js';
export * from './bot-check.js';
export * from './client.js';
