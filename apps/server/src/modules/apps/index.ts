/**
 * The app centre module's public face (app centre and signed launches, home data, message groups, carousel and opening screen, organisation import): its routes.
 */
export { appsRoutes } from './routes.js';
