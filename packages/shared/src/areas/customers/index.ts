/**
 * The customer area (issue 14; spec 001 sections 2.4, 3, 5, 6, 7.4 and 9): doctors, hospitals,
 * add-doctor lookups, tags, corrections, distributions and the user's medicines.
 * Paths of spec 7.4 are kept verbatim under /API-SALEA; the others are named plainly beside them.
 * Envelope: { code, msg, result }. Lists page by keyset: send back `nextCursor` as `cursor`.
 */
export * from './paths.js';
export * from './limits.js';
export * from './schemas.js';
export * from './types.js';
export * from './messages.js';
export * from './out-of-scope.js';
