/**
 * The push module's public face: its routes, the authorities of the card console, the pushes the demo seed makes, and the scheduler started with the server.
 */
export { pushRoutes } from './routes.js';
export { PUSH_AUTHORITIES } from './authorities.js';
export { PushScheduler } from './scheduler.js';
export { cancelPush, pushCards } from './service.js';
