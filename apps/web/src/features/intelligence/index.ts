/** The public face of doctor intelligence: all another area may import of it (docs/decisions/0048). */
export { intelligenceWords, type IntelligenceLabelKey, type IntelligenceMessageKey } from './i18n';
