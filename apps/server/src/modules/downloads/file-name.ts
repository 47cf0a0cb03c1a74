import { DOWNLOAD_LIMITS } from '@field-portal/shared';

/**
 * Export file names (docs/decisions/0022, "File names"): what the file holds — the template's
 * title or the report's name, then its filters or period — and the date, safe on every file system.
 */

/** Characters Windows, macOS or Linux refuse in a name, and the control characters. */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
/** Names Windows keeps for devices, with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** One part of a name: unsafe characters become '-', spaces are squeezed, lone surrogates dropped. */
export function fileNamePart(value: string): string {
  return value
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE, '-')
    .replace(/-{2,}/g, '-')
    .trim();
}

/** Cuts a name to `max` characters without splitting a surrogate pair. */
function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('');
}

/**
 * The file's name: the non-empty parts joined by '_', cut to DOWNLOAD_LIMITS.fileNameMax, then the
 * date stamp and `.xlsx`. No leading or trailing dot or space, never a reserved device name.
 */
export function exportFileName(parts: readonly (string | number | null | undefined)[], stamp: string): string {
  const base = parts
    .map((p) => (p === null || p === undefined ? '' : fileNamePart(String(p))))
    .filter((p) => p !== '')
    .join('_');
  let name = cut(base, DOWNLOAD_LIMITS.fileNameMax).replace(/^[.\s]+|[.\s]+$/g, '');
  if (name === '' || RESERVED.test(name)) name = `export${name ? `-${name}` : ''}`;
  return `${name}_${stamp}.xlsx`;
}

/** The values of a template's parameters, in their order, as name parts (lists joined by ','; at most three values of a list). */
export function paramParts(params: Record<string, unknown>): string[] {
  const parts: string[] = [];
  for (const value of Object.values(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      parts.push(value.slice(0, 3).join(',') + (value.length > 3 ? ',…' : ''));
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(String(value));
    }
  }
  return parts;
}
