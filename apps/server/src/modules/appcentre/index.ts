/**
 * The app centre module's public face (the spec's app module: apps and signed launches, classifications, frequent and recent apps,
 * carousel, opening screen, app messages, organisation batch import): its routes.
 */
export { appCentreRoutes } from './routes.js';
