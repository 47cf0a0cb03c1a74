/**
 * The messaging module's public face: its routes and the chat figures the dashboards read.
 */
export { messagingRoutes } from './routes.js';
export { chatFigures } from './report-figures.js';
