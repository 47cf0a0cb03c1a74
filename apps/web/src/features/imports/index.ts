/** The public face of the import centre: all another area may import of it (docs/decisions/0048). */
export { importsWords, type ImportsLabelKey, type ImportsMessageKey } from './i18n';
export { IMPORT_CENTRE_PATH, importCentrePath } from './routes';
