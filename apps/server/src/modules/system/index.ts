/**
 * The system module's public face: its routes (system settings, menus, health).
 */
export { systemRoutes } from './routes.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { permittedMenus } from './menus.js';
