/** The public face of the first start's setup: all another area may import of it (docs/decisions/0048). */
export { setupWords, type SetupLabelKey, type SetupMessageKey } from './i18n';
