/** The public face of the content centre: all another area may import of it (docs/decisions/0048). */
export { contentWords, type ContentLabelKey, type ContentMessageKey } from './i18n';
