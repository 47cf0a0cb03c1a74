/**
 * The feed module's public face: its routes, the open counter the demo seed fills, and who may read a delivered card's file.
 */
export { feedRoutes } from './routes.js';
export { CardOpens } from './open-batch.js';
export { canReadCardFile } from './service.js';
