/**
 * The analytics module's public face: its routes (dashboards, report downloads, embed tokens).
 */
export { analyticsRoutes } from './routes.js';
/** A report's date window, as the dashboards read it (other areas' figures are checked against it). */
export { dateRange } from './dashboards/common.js';
