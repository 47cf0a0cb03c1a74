/**
 * The content module's public face: its routes and the article figures the dashboards read.
 */
export { contentRoutes } from './routes.js';
export { articleFigures } from './report-figures.js';
