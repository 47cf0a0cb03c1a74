/** The import centre's public face (docs/decisions/0042). */
export { importsRoutes } from './routes.js';
export { IMPORT_QUEUE, IMPORT_SWEEP, importJobs, sweepImports, type ImportJobOptions } from './worker.js';
