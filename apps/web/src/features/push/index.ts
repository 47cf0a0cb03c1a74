/** The public face of card lists and push: all another area may import of it (docs/decisions/0048). */
export { pushWords, type PushLabelKey, type PushMessageKey } from './i18n';
