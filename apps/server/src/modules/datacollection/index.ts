/**
 * The data collection module's public face: its routes.
 */
export { dataCollectionRoutes } from './routes.js';
