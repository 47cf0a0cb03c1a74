/** The public face of market intelligence: all another area may import of it (docs/decisions/0048). */
export { marketWords, type MarketLabelKey, type MarketMessageKey } from './i18n';
