import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_LIMITS } from '@field-portal/shared';
import { AppError } from '../../platform/errors.js';
import { loadExcel } from '../../platform/excel.js';
import { checkZip, openEntry, zipEntries } from '../../platform/zip-inflate.js';

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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ExcelJS cell value as the text a person sees: dates as yyyy-mm-dd (with the time of day when
 * the cell has one: a visit's date and time in one cell), numbers as written, formulas by their result.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    // Excel keeps a time as a fraction of a day: round to the second it shows.
    const seconds = Math.round((value.getTime() - Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate())) / 1000);
    if (seconds === 0 || seconds >= 86_400) return day;
    const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
    return seconds % 60 === 0 ? `${day} ${time}` : `${day} ${time}:${pad(seconds % 60)}`;
  }
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

/**
 * What xlsxRows uses of ExcelJS' streaming WorkbookReader besides its constructor: the steps its
 * own `parse()` takes for each part of the file. `parse()` reads the ZIP front to back through
 * unzipper's streaming parser, which intermittently loses an entry (exceljs issue 3064): for a
 * workbook ExcelJS wrote (the portal's own exports, which an import accepts back) `xl/workbook.xml`
 * comes last, and when it is lost the read fails ("Cannot read properties of undefined (reading
 * 'sheets')"). So the parts are taken here by the ZIP's central directory, in the order the reader
 * needs them: relationships, workbook, shared strings, styles, then the first sheet.
 */
interface WorkbookSteps {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<unknown> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

/** A sheet part's number (xl/worksheets/sheet3.xml: 3), as ExcelJS' reader names the sheet. */
const sheetNumber = (part: string) => /(\d+)\.xml$/.exec(part)?.[1] ?? '1';

/** The first sheet's part: the workbook's first sheet as the user sees it, else the lowest-numbered sheet part. */
function firstSheetPart(steps: WorkbookSteps, names: Iterable<string>): string | undefined {
  const first = steps.model?.sheets?.[0];
  const target = first && steps.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheets = [...names].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
  return sheets.sort((x, y) => Number(sheetNumber(x)) - Number(sheetNumber(y)))[0];
}

export async function* xlsxRows(open: OpenFile, size: number): AsyncGenerator<FileRow> {
  if (size > IMPORT_LIMITS.xlsxMaxBytes) throw new AppError(413, 'imports.file.tooLarge', sizeParams(), 'file');
  // The inflated-size check reads the central directory and inflates every entry, counting: the ZIP's own sizes are not trusted.
  const chunks: Buffer[] = [];
  for await (const chunk of await open()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  chunks.length = 0;
  const verdict = await checkZip(bytes, { maxEntries: 1000, maxBytes: IMPORT_LIMITS.xlsxInflatedMax });
  if (!verdict.ok) throw new AppError(400, 'imports.file.unreadable', {}, 'file');
  // The compressed file (at most xlsxMaxBytes) is held while it is read; each part is inflated as its rows are taken.
  const parts = zipEntries(bytes);
  const part = (name: string) => {
    const entry = parts.get(name);
    return entry ? openEntry(entry) : undefined;
  };
  const ExcelJS = await loadExcel();
  const steps = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as WorkbookSteps;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await steps._parseRels(rels);
  const workbook = part('xl/workbook.xml');
  if (workbook) await steps._parseWorkbook(workbook);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of steps._parseSharedStrings(strings));
  const styles = part('xl/styles.xml');
  if (styles) await steps._parseStyles(styles);
  const name = firstSheetPart(steps, parts.keys());
  const sheetPart = name ? part(name) : undefined;
  // A workbook without a sheet has no rows (the header check then says what is missing).
  if (!name || !sheetPart) return;
  for (const { value: sheet } of steps._parseWorksheet(sheetPart, sheetNumber(name))) {
    for await (const row of sheet) {
      const values = (row as { values: unknown[] }).values;
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cleanCell(cellText(values[i])));
      yield { line: (row as { number: number }).number, cells };
    }
  }
}

export const sizeParams = () => ({ csv: IMPORT_LIMITS.csvMaxBytes / 1024 / 1024, xlsx: IMPORT_LIMITS.xlsxMaxBytes / 1024 / 1024 });

export function fileRows(kind: 'csv' | 'xlsx', open: OpenFile, size: number): AsyncGenerator<FileRow> {
  return kind === 'csv' ? csvRows(open) : xlsxRows(open, size);
}
