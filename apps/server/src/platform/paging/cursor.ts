import { badRequest } from '../errors.js';

/**
 * The one cursor format of every keyset list (docs/decisions/0047): base64url of a JSON array whose
 * first element is the format's version, then the last row's key. Opaque to clients; a cursor that
 * does not decode to the version and the list's own shape is refused with 400 naming `cursor`
 * (`page.cursorInvalid`, the message of the shared `pageCursor` field).
 */
const VERSION = 1;

/** What a cursor's parts may be: an id or count (`int`), a time in ms (`ms`), a score (`num`), a short text, a few ints (`ints`). */
export type CursorPart = 'int' | 'ms' | 'num' | 'text' | 'ints';
type PartValue<P extends CursorPart> = P extends 'text' ? string : P extends 'ints' ? number[] : number;
export type CursorValues<S extends readonly CursorPart[]> = { -readonly [K in keyof S]: PartValue<S[K]> };

const INT_MAX = 2_147_483_647;
/** The latest time a JavaScript Date holds. */
const MS_MAX = 8.64e15;
const TEXT_MAX = 100;
const INTS_MAX = 4;

const isInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= INT_MAX;

function valid(part: CursorPart, v: unknown): boolean {
  switch (part) {
    case 'int':
      return isInt(v);
    case 'ms':
      return Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= MS_MAX;
    case 'num':
      return typeof v === 'number' && Number.isFinite(v);
    case 'text':
      return typeof v === 'string' && v.length <= TEXT_MAX;
    case 'ints':
      return Array.isArray(v) && v.length <= INTS_MAX && v.every(isInt);
  }
}

/** The cursor of a page's last row. */
export function encodeCursor(values: readonly (number | string | readonly number[])[]): string {
  return Buffer.from(JSON.stringify([VERSION, ...values])).toString('base64url');
}

/**
 * The key a cursor carries, in the list's `shape`; undefined without a cursor. Anything else (a
 * cursor of another list, an older format, a hand-made one) is 400 `page.cursorInvalid`.
 */
export function decodeCursor<const S extends readonly CursorPart[]>(text: string | undefined, shape: S): CursorValues<S> | undefined {
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('page.cursorInvalid', 'cursor');
  }
  if (!Array.isArray(parsed) || parsed[0] !== VERSION || parsed.length !== shape.length + 1 || !shape.every((part, i) => valid(part, parsed[i + 1]))) {
    throw badRequest('page.cursorInvalid', 'cursor');
  }
  return parsed.slice(1) as CursorValues<S>;
}
