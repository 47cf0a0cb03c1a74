/** The home figures module's public face: the data-management screens of the home page's figures and charts (docs/decisions/0010). */
export { homeRoutes } from './routes.js';
export { homeStatisticRows } from './statistics.js';
