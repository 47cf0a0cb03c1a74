/**
 * The administration module's public face (organisations, users, roles, menus, data permissions): its routes and the users other areas address.
 */
export { adminRoutes } from './routes.js';
export { enabledUsersWithMenu } from './service.js';
export { importOrganisations } from './org-import.js';
