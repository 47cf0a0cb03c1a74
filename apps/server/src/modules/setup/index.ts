/** The first start's setup (docs/decisions/0041): what the server's start and the app use. */
export { setupRoutes } from './routes.js';
export { announceSetupLink, SETUP_LINK_FILE } from './link.js';
export { bootstrapAdministrator, BootstrapError } from './service.js';
