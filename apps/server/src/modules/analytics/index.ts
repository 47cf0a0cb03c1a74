/**
 * The analytics module's public face: its routes (dashboards, report downloads, embed tokens).
 */
export { analyticsRoutes } from './routes.js';
/** A report's date window, as the dashboards read it (other areas' figures are checked against it). */
export { dateRange } from './dashboards/common.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { computeDashboard, DASHBOARDS } from './dashboards/index.js';
