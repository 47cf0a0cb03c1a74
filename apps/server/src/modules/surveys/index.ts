/**
 * The surveys module's public face: its routes, the survey figures the dashboards read, and the answer counters the demo seed fills.
 */
export { surveyRoutes } from './routes.js';
export { surveyFigures } from './report-figures.js';
export { counterRows } from './service.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { SURVEY_BUILD_AUTHORITY, surveyResults } from './service.js';
