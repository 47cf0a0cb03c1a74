/**
 * Tasks, visit records, call records and the doctor's business record (spec 001 sections 2.4,
 * 2.7, 3, 4, 7.2, 7.5 and 9; docs/decisions/0019). Service prefix /API-SALEA, envelope
 * `{ code, msg, result }`.
 */
export * from './paths.js';
export * from './limits.js';
export * from './messages.js';
export * from './schemas.js';
export * from './types.js';
