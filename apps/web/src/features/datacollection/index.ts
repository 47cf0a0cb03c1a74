/** The public face of data collection: all another area may import of it (docs/decisions/0048). */
export { dataCollectionWords, type DataCollectionLabelKey, type DataCollectionMessageKey } from './i18n';
