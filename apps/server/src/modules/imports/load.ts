import { IMPORT_LIMITS, type ImportKind, type Lang } from '@field-portal/shared';
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
}

/**
 * Streams a file's rows into the staging table by one COPY (docs/decisions/0056): finds the header
 * (a title row above it is fine), keeps each row's cells and its values by column key, skips blank
 * rows. The rows go as they are read, a chunk at a time, so the file is never held in memory.
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
  async function* chunks(): AsyncGenerator<string> {
    let chunk = '';
    let inChunk = 0;
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
    }
    if (chunk) yield chunk;
  }
  await database.copyIn('import_rows (job_id, line, cells, v, r, pinyin, initials)', chunks());
  if (!keys) throw noHeader(kind, lang);
  if (count === 0) throw new AppError(400, 'imports.file.empty', {}, 'file');
  return { header, rows: count };
}
