/** Meetings (spec 001 section 7.6; docs/decisions/0020): paths, limits, request schemas, rows and messages. */
export * from './paths.js';
export * from './messages.js';
export * from './schemas.js';
export * from './types.js';
