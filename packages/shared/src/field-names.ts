import type { Lang } from './constants.js';
import { FIELD_WORDS } from './field-words.js';

/**
 * A request field as a message names it: the last named part of its path (`competitors.0.name` →
 * its `name`) in the reader's words, with the item's number when the path passes through a list;
 * a field the catalogue does not know keeps its name in the API (docs/decisions/0076).
 */
export function fieldInWords(path: string, lang: Lang): string {
  const parts = path.split('.');
  const isIndex = (p: string) => /^\d+$/.test(p);
  const last = parts.findLast((p) => !isIndex(p));
  const words = last !== undefined && Object.hasOwn(FIELD_WORDS, last) ? FIELD_WORDS[last]![lang] : undefined;
  if (words === undefined) return path;
  const index = parts.findLast(isIndex);
  if (index === undefined) return words;
  const n = Number(index) + 1;
  return lang === 'zh' ? `${words}(第 ${n} 项)` : `${words} (item ${n})`;
}

/**
 * The `{field}` of a message as the reader sees it: in words, except in `field.unknown`, where the
 * caller needs the API's own name of what it sent.
 */
export const fieldParam = (key: string, path: string, lang: Lang): string => (key === 'field.unknown' ? path : fieldInWords(path, lang));

/** A message's parameters with its `{field}` (when it has one) as the reader sees it (fieldParam). */
export function withFieldInWords<P extends Record<string, string | number>>(key: string, params: P, lang: Lang): P {
  return typeof params.field === 'string' ? { ...params, field: fieldParam(key, params.field, lang) } : params;
}
