/** The intelligence module's public face for other modules (docs/decisions/0024, 0042). */
export { queueRecompute } from './jobs.js';
