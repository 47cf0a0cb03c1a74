/** The import centre's public face (docs/decisions/0042). */
export { importsRoutes } from './routes.js';
export { ImportWorker, wakeImportWorkers, type ImportWorkerOptions } from './worker.js';
