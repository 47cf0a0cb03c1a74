/**
 * The analytics module's public face: its routes (dashboards, report downloads, embed tokens).
 */
export { analyticsRoutes } from './routes.js';
