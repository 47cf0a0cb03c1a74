/** The public face of system administration: all another area may import of it (docs/decisions/0048). */
export { adminWords, type AdminLabelKey, type AdminMessageKey } from './i18n';
