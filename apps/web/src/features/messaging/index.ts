/** The public face of real-time notices and messaging: all another area may import of it (docs/decisions/0048). */
export { messagingWords, type MessagingLabelKey, type MessagingMessageKey } from './i18n';
