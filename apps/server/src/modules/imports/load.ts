import { sql } from 'drizzle-orm';
import { IMPORT_LIMITS, type ImportKind, type Lang } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { loadPinyin } from '../customers/index.js';
import { checkHeader, matchHeader, noHeader } from './columns.js';
import type { FileRow } from './reader.js';

const BATCH = 1000;

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
 * Streams a file's rows into the staging table, a thousand a statement: finds the header (a title
 * row above it is fine), keeps each row's cells and its values by column key, skips blank rows.
 */
export async function stageRows(
  db: Db,
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
  let batch: { line: number; cells: string[]; v: Record<string, string>; r: Record<string, unknown>; pinyin: string; initials: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(sql`
      insert into import_rows (job_id, line, cells, v, r, pinyin, initials)
      select ${job}, x.line, x.cells, x.v, x.r, x.pinyin, x.initials
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(line int, cells jsonb, v jsonb, r jsonb, pinyin text, initials text)`);
    batch = [];
    await progress(count);
  };
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
    batch.push({ line: row.line, cells: row.cells, v, r, pinyin, initials });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (!keys) throw noHeader(kind, lang);
  if (count === 0) throw new AppError(400, 'imports.file.empty', {}, 'file');
  return { header, rows: count };
}
