/**
 * Doctor intelligence reads (docs/decisions/0024), one file per area: the doctor 360 view
 * (doctor360.ts), the KOL mapping (kol.ts), relations and networks (network.ts), and what they
 * share (read-common.ts). Routes and other modules import them from here.
 */
export { evidenceText, type IntelDeps } from './read-common.js';
export * from './doctor360.js';
export * from './kol.js';
export * from './network.js';
