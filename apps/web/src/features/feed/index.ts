/** The public face of the employee card feed: all another area may import of it (docs/decisions/0048). */
export { feedWords, type FeedLabelKey, type FeedMessageKey } from './i18n';
