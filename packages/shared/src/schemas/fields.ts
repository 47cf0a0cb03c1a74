import { z } from 'zod';

/**
 * The field primitives every request schema builds on, so no input can reach the database in a
 * shape it refuses (a 5xx): ids within the 32-bit `integer` columns, text without NUL or lone
 * surrogates. Area schemas use these instead of bare `z.number()` / `z.string()`.
 */
export const DB_INT_MAX = 2_147_483_647;

// NUL cannot be stored in PostgreSQL text; a lone surrogate cannot be encoded as UTF-8.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as PostgreSQL text as it is. */
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/** A row id in a JSON body. */
export const dbId = z.number().int().min(1).max(DB_INT_MAX);
/** A row id in a path or a query string. */
export const dbIdParam = z.coerce.number().int().min(1).max(DB_INT_MAX);
/** A whole number stored in an `integer` column. */
export const dbInt = z.number().int().min(-DB_INT_MAX).max(DB_INT_MAX);
/** Text that is stored or compared in the database: trimmed, at most `max` characters, storable. */
export const dbText = (max: number) => z.string().trim().max(max).refine(isStorableText, { message: 'field.unstorable' });

/** A whole number, or its decimal text as a query string gives it; each use bounds it (`.pipe(z.number().int().min(…).max(…))`). */
export const intText = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}$/)
    .transform(Number),
]);
/** The last page a numbered list can be asked for. */
export const PAGE_NUMBER_MAX = 1_000_000;
/** A numbered list's page: the spec's `pageNum` counts from 1, its `page` from 0 (and so by default the first). */
export const pageNumber = (first: 0 | 1) => intText.pipe(z.number().int().min(first).max(PAGE_NUMBER_MAX)).default(first);

/** The longest page cursor accepted (the paging kit's base64url of a list's last key). */
export const PAGE_CURSOR_MAX = 200;
/**
 * The `cursor` of every keyset list: the previous page's `nextCursor`, as the server's paging kit
 * wrote it (base64url); absent or empty for the first page. What it holds is checked by the kit
 * against the list's own key; text that cannot be a cursor at all is refused here, with the same
 * message (docs/decisions/0047).
 */
export const pageCursor = z
  .string()
  .trim()
  .max(PAGE_CURSOR_MAX, 'page.cursorInvalid')
  .regex(/^[A-Za-z0-9_-]*$/, 'page.cursorInvalid')
  .optional();

/**
 * The first string (value or object key) in a parsed request part that cannot be stored, as a
 * dotted path from the part's root ('' for the root itself); undefined when every string can be.
 * Walked with an explicit stack in document order, so no depth of input can exhaust the stack.
 */
export function findUnstorable(value: unknown, path = ''): string | undefined {
  // An entry of an object is its key (checked first) and then its value.
  const stack: { value: unknown; path: string; key?: string }[] = [{ value, path }];
  const at = (base: string, key: string) => (base ? `${base}.${key}` : key);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.key !== undefined && !isStorableText(item.key)) return item.path;
    const v = item.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return item.path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: at(item.path, String(i)) });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, path: at(item.path, key), key });
      }
    }
  }
  return undefined;
}
