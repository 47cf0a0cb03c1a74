/** The download centre's public face for other modules: the templates they register (docs/decisions/0022). */
export { registerDownloadTemplate, type DownloadColumn, type DownloadContext, type DownloadOwner } from './templates.js';
export { downloadsRoutes } from './routes.js';
export { DOWNLOAD_QUEUE, DOWNLOAD_SWEEP, downloadJobs, sweepDownloads, type DownloadJobOptions } from './worker.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { queueDownload } from './service.js';
export { downloadTemplate } from './templates.js';
