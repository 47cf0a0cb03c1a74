/** The intelligence module's public face for other modules (docs/decisions/0024, 0042). */
export { intelligenceRoutes } from './routes.js';
export { intelligenceJobs, queueRecompute } from './jobs.js';
export { recompute } from './compute.js';
export { computeAllSuggestions } from './suggestions-repo.js';
/** The demo and scale builders load only when demo data is made, not at every start. */
export const loadAcademicGenerator = () => import('./generator.js');
export const loadAcademicScale = () => import('./scale.js');
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { egoNetwork, kolRanking } from './service.js';
