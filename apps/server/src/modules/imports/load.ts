import { IMPORT_LIMITS, type ImportKind, type ImportNote, type Lang } from '@field-portal/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { loadPinyin } from '../customers/index.js';
import { checkHeader, matchHeader, noHeader } from './columns.js';
import type { FileRow } from './reader.js';

/** Rows a chunk of the COPY's input: the progress is told after each. */
const CHUNK_ROWS = 1000;

/** A value as a field of COPY's text format: backslash, tab and line ends escaped. */
const copyField = (text: string) => text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/** Indications in one cell, separated as people write lists: 、 , ， ; ； |. Order kept, repeats dropped. */
export const splitList = (text: string) => [
  ...new Set(
    text
      .split(/[、,，;；|]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export interface Staged {
  header: string[];
  rows: number;
  /** Lines under the table that fill one cell only, taken as notes (IMPORT_LIMITS.notesMax). */
  notes: ImportNote[];
}

/**
 * How a note under a table is written: a label and a colon (制表人:张三, 审核: 李四), or one of the
 * words notes begin with (数据截至 11 月 30 日, 备注…, Source…). A record missing all but its code
 * (IM-P6 alone on the last line) is none of these: it stays a row, and its refusal names what is missing.
 */
const NOTE = /[:：]|^(注|备注|说明|制表|填表|审核|复核|数据截至|截至|截止|数据来源|来源|打印|导出|note|prepared|source|as of|printed|exported)/i;

/** The one filled cell of a line, if it fills exactly one. */
function onlyCell(cells: string[]): string | undefined {
  let found: string | undefined;
  for (const cell of cells) {
    if (cell === '') continue;
    if (found !== undefined) return undefined;
    found = cell;
  }
  return found;
}

/**
 * Streams a file's rows into the staging table by one COPY (docs/decisions/0056): finds the header
 * (a title row above it is fine), keeps each row's cells and its values by column key, skips blank
 * rows. The rows go as they are read, a chunk at a time, so the file is never held in memory.
 *
 * Lines that fill one cell only, written as a note is (NOTE), are held back (at most
 * IMPORT_LIMITS.notesMax): a company's sheet often ends with a note under the table (制表人:张三).
 * Held lines with a row below them, or more of them than that, are rows like any other (and a
 * one-cell row is refused by the checks as before); those left at the end are the file's notes,
 * named in the job's answer, not imported.
 */
export async function stageRows(
  database: Pick<Database, 'copyIn'>,
  job: number,
  kind: ImportKind,
  lang: Lang,
  rows: AsyncIterable<FileRow>,
  progress: (rows: number) => Promise<void>,
): Promise<Staged> {
  const pinyinOf = await loadPinyin();
  let keys: (string | undefined)[] | undefined;
  let header: string[] = [];
  let seen = 0;
  let count = 0;
  let held: FileRow[] = [];
  async function* chunks(): AsyncGenerator<string> {
    let chunk = '';
    let inChunk = 0;
    const stage = async function* (row: FileRow, keys: (string | undefined)[]): AsyncGenerator<string> {
      count++;
      if (count > IMPORT_LIMITS.rowsMax) throw new AppError(400, 'imports.file.tooManyRows', { max: IMPORT_LIMITS.rowsMax }, 'file');
      const v: Record<string, string> = {};
      keys.forEach((key, i) => {
        if (key && !(key in v && v[key] !== '')) v[key] = row.cells[i] ?? '';
      });
      const r: Record<string, unknown> = {};
      if (v.indications) r.ind = splitList(v.indications);
      const [pinyin, initials] = v.name ? pinyinOf(v.name) : ['', ''];
      // JSON has no raw tab or line end, only its backslashes need COPY's escaping.
      chunk += `${job}\t${row.line}\t${copyField(JSON.stringify(row.cells))}\t${copyField(JSON.stringify(v))}\t${copyField(JSON.stringify(r))}\t${copyField(pinyin)}\t${copyField(initials)}\n`;
      if (++inChunk >= CHUNK_ROWS) {
        yield chunk;
        chunk = '';
        inChunk = 0;
        await progress(count);
      }
    };
    // A run of one-cell lines longer than the notes' limit is rows, all of it.
    let overflow = false;
    for await (const row of rows) {
      if (row.cells.every((c) => c === '')) continue;
      if (!keys) {
        seen++;
        const matched = matchHeader(kind, row.cells);
        if (matched) {
          checkHeader(kind, matched, lang);
          keys = matched;
          header = row.cells;
        } else if (seen >= IMPORT_LIMITS.headerSearchRows) {
          throw noHeader(kind, lang);
        }
        continue;
      }
      const only = onlyCell(row.cells);
      const note = only !== undefined && NOTE.test(only);
      if (note && !overflow && held.length < IMPORT_LIMITS.notesMax) {
        held.push(row);
        continue;
      }
      // A held line with a row below it was a row.
      for (const line of held) yield* stage(line, keys);
      held = [];
      overflow = note;
      yield* stage(row, keys);
    }
    // A file whose every line under the header fills one cell has rows, not notes: they are checked (and refused) as rows.
    if (keys && count === 0) {
      for (const line of held) yield* stage(line, keys);
      held = [];
    }
    if (chunk) yield chunk;
  }
  await database.copyIn('import_rows (job_id, line, cells, v, r, pinyin, initials)', chunks());
  if (!keys) throw noHeader(kind, lang);
  if (count === 0) throw new AppError(400, 'imports.file.empty', {}, 'file');
  return { header, rows: count, notes: held.map((line) => ({ row: line.line, text: onlyCell(line.cells) ?? '' })) };
}
