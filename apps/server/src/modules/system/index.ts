/**
 * The system module's public face: its routes (system settings, menus, health).
 */
export { systemRoutes } from './routes.js';
