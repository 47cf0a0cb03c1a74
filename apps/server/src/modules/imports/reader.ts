import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_LIMITS } from '@field-portal/shared';
import { AppError } from '../../platform/errors.js';
import { checkZip } from '../../platform/zip-inflate.js';

/**
 * Reads an import's file row by row, never whole (docs/decisions/0042): CSV through csv-parse in
 * UTF-8 (with or without BOM) or, when the bytes are not valid UTF-8, GB18030 (what Excel on
 * Chinese Windows saves); .xlsx through ExcelJS' streaming reader after the inflated-size check
 * of every spreadsheet (SECURITY.md). Cells come out as trimmed text.
 */

export interface FileRow {
  /** The row's line in the file (1 = the first). */
  line: number;
  cells: string[];
}

export type OpenFile = () => Promise<Readable>;

const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;

/** A cell as text: full-width digits and latin letters made plain, spaces (also the ideographic space) trimmed, at most cellMax characters. */
export function cleanCell(value: string): string {
  return value
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/^[\s\u3000\uFEFF]+|[\s\u3000]+$/g, '')
    .slice(0, IMPORT_LIMITS.cellMax + 1);
}

/** Whether the whole stream is valid UTF-8 (read once, a chunk at a time). */
export async function isUtf8(open: OpenFile): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of await open()) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export async function* csvRows(open: OpenFile): AsyncGenerator<FileRow> {
  const utf8 = await isUtf8(open);
  const source = await open();
  const text = utf8 ? source : source.pipe(iconv.decodeStream('gb18030'));
  const parser = text.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }));
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: record.info.lines, cells: record.record.map(cleanCell) };
  }
}

type ExcelModule = typeof import('exceljs');
const loadExcel = async (): Promise<ExcelModule> => {
  const mod = await import('exceljs');
  return (mod as ExcelModule & { default?: ExcelModule }).default ?? mod;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ExcelJS cell value as the text a person sees: dates as yyyy-mm-dd, numbers as written, formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

export async function* xlsxRows(open: OpenFile, size: number): AsyncGenerator<FileRow> {
  if (size > IMPORT_LIMITS.xlsxMaxBytes) throw new AppError(413, 'imports.file.tooLarge', sizeParams(), 'file');
  // The inflated-size check reads the central directory and inflates every entry, counting: the ZIP's own sizes are not trusted.
  const chunks: Buffer[] = [];
  for await (const chunk of await open()) chunks.push(chunk as Buffer);
  const verdict = await checkZip(Buffer.concat(chunks), { maxEntries: 1000, maxBytes: IMPORT_LIMITS.xlsxInflatedMax });
  chunks.length = 0;
  if (!verdict.ok) throw new AppError(400, 'imports.file.unreadable', {}, 'file');
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await open(), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row as { values: unknown[] }).values;
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cleanCell(cellText(values[i])));
      yield { line: (row as { number: number }).number, cells };
    }
    // Only the first sheet is the data.
    break;
  }
}

export const sizeParams = () => ({ csv: IMPORT_LIMITS.csvMaxBytes / 1024 / 1024, xlsx: IMPORT_LIMITS.xlsxMaxBytes / 1024 / 1024 });

export function fileRows(kind: 'csv' | 'xlsx', open: OpenFile, size: number): AsyncGenerator<FileRow> {
  return kind === 'csv' ? csvRows(open) : xlsxRows(open, size);
}
