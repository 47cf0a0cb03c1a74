/** The public face of the download centre: all another area may import of it (docs/decisions/0048). */
export { downloadsWords, type DownloadsLabelKey, type DownloadsMessageKey } from './i18n';
export { useQueueExport } from './components/use-queue-export';
