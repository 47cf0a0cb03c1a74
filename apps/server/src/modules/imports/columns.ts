import { IMPORT_LIMITS, type ImportColumn, type ImportKind, type Lang } from '@field-portal/shared';
import { AppError } from '../../platform/errors.js';
import { kindOf } from './kinds/index.js';

/** A header as compared: lower case, without spaces, required marks (*) or a bracketed hint. */
export const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s*＊:：]/g, '');

function labels(kind: ImportKind): Map<string, string> {
  const out = new Map<string, string>();
  for (const column of kindOf(kind).columns)
    for (const name of [column.zh, column.en, column.key, ...(column.aliases ?? [])]) if (!out.has(headerKey(name))) out.set(headerKey(name), column.key);
  return out;
}

/** The column's header in a language. */
export function columnLabel(kind: ImportKind, key: string, lang: Lang): string {
  const column = kindOf(kind).columns.find((c) => c.key === key);
  return column ? column[lang] : key;
}

/** The columns a file of the kind must have, as groups of which one is enough (a doctor names a hospital by code or by name). */
const required = (kind: ImportKind) => kindOf(kind).required;

/**
 * Finds the header among the first rows (a title row above it is common) and maps each of its
 * cells to a column key (undefined for columns the kind does not know).
 */
export function matchHeader(kind: ImportKind, cells: string[]): (string | undefined)[] | undefined {
  const known = labels(kind);
  const keys = cells.map((c) => known.get(headerKey(c)));
  const found = new Set(keys.filter((k): k is string => k !== undefined));
  return found.size >= 2 ? keys : undefined;
}

export function checkHeader(kind: ImportKind, keys: (string | undefined)[], lang: Lang): void {
  const present = new Set(keys);
  const missing = required(kind).filter((group) => !group.some((k) => present.has(k)));
  if (missing.length > 0) {
    throw new AppError(
      400,
      'imports.file.missingColumns',
      { columns: missing.map((g) => g.map((k) => columnLabel(kind, k, lang)).join('/')).join(', ') },
      'file',
    );
  }
}

export function noHeader(kind: ImportKind, lang: Lang): AppError {
  return new AppError(
    400,
    'imports.file.noHeader',
    {
      rows: IMPORT_LIMITS.headerSearchRows,
      columns: required(kind)
        .map((g) => g.map((k) => columnLabel(kind, k, lang)).join('/'))
        .join(', '),
    },
    'file',
  );
}

export const columnsOf = (kind: ImportKind): readonly ImportColumn[] => kindOf(kind).columns;
