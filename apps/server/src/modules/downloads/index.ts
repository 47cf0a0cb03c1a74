/** The download centre's public face for other modules: the templates they register (docs/decisions/0022). */
export { registerDownloadTemplate, type DownloadColumn, type DownloadContext } from './templates.js';
export { downloadsRoutes } from './routes.js';
export { DOWNLOAD_QUEUE, DOWNLOAD_SWEEP, downloadJobs, sweepDownloads, type DownloadJobOptions } from './worker.js';
