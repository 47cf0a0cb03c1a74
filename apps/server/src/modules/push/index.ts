/**
 * The push module's public face: its routes, the authorities of the card console, the pushes the demo seed makes, and the scheduler's jobs.
 */
export { pushRoutes } from './routes.js';
export { PUSH_AUTHORITIES } from './authorities.js';
export { PushScheduler, pushJobs } from './scheduler.js';
export { cancelPush, pushCards } from './service.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { cardPushInfo, listCards } from './service.js';
/** Deliveries and queue entries inside the feed's and the dashboards' statements (docs/decisions/0065). */
export { deliveriesSource, isLatestDelivery, joinPushEntry, pushesSource } from './delivery-rows.js';
