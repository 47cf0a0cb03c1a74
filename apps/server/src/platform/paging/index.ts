/** One way to page (docs/decisions/0047): one cursor format, one capped count, keyset pages. */
export { decodeCursor, encodeCursor, type CursorPart, type CursorValues } from './cursor.js';
export { asTotal, countUpTo, type CappedCount } from './count.js';
export { afterKey, afterTimeCursor, keysetPage, keysetPages, timeKey, type TimeCursor } from './keyset.js';
