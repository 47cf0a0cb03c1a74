/** The public face of meetings: all another area may import of it (docs/decisions/0048). */
export { meetingsWords, type MeetingsLabelKey, type MeetingsMessageKey } from './i18n';
