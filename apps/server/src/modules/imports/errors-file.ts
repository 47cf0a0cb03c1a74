import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId, IMPORT_ERRORS_TEMPLATE, IMPORTS_AUTHORITY, message, type ImportKind, type Lang } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { registerDownloadTemplate, type DownloadColumn, type DownloadOwner } from '../downloads/index.js';
import { errorText } from './service.js';

const params = z.strictObject({ id: dbId });
type Params = z.infer<typeof params>;
interface ErrorRow {
  line: number;
  cells: string[];
  errors: { k: string; f?: string; p?: Record<string, string | number> }[];
}

const PAGE = 2000;

/** The owner's import job the error file is of: its kind, header and file name (another's job gives nothing). */
async function jobOf(db: Db, id: number, owner: DownloadOwner): Promise<{ kind: ImportKind; header: string[]; fileName: string } | undefined> {
  const [job] = await selectRows<{ kind: ImportKind; header: string[] | null; file_name: string }>(
    db,
    sql`
    select kind, header, file_name from import_jobs where id = ${id} and user_id = ${owner.id}`,
  );
  return job && { kind: job.kind, header: job.header ?? [], fileName: job.file_name };
}

/**
 * A dry run's error file in the download centre (docs/decisions/0042): every row as uploaded, with
 * its line and a column of its problems in the reader's language (empty for a valid row), so the
 * corrected file can be uploaded again as it is (the two extra columns are not import columns). The download worker writes
 * it and neutralises formula cells (safeCell), so a cell like =HYPERLINK(…) stays text.
 */
registerDownloadTemplate<Params, ErrorRow>({
  name: IMPORT_ERRORS_TEMPLATE,
  title: 'imports.errors.template',
  authority: IMPORTS_AUTHORITY,
  params,
  columns: async (ctx) => {
    const { kind, header } = (await jobOf(ctx.db, ctx.params.id, ctx.owner)) ?? { kind: 'hospitals' as const, header: [] };
    const lang: Lang = ctx.lang;
    const cells: DownloadColumn<ErrorRow>[] = header.map((h, i) => ({ header: { zh: h, en: h }, value: (r: ErrorRow) => r.cells[i] ?? '' }));
    return [
      { header: { zh: message('imports.errors.line', 'zh'), en: message('imports.errors.line', 'en') }, value: (r: ErrorRow) => r.line },
      ...cells,
      {
        header: { zh: message('imports.errors.message', 'zh'), en: message('imports.errors.message', 'en') },
        value: (r: ErrorRow) => r.errors.map((e) => errorText(kind, e, lang)).join('; '),
      },
    ];
  },
  // 导入错误明细_医院_<the uploaded file's name>_<job>: which import and which file, as the download list shows it.
  fileName: async (p, { db, lang, owner }) => {
    const job = await jobOf(db, p.id, owner);
    return [
      message('imports.errors.template', lang),
      job && message(`imports.kind.${job.kind}`, lang),
      job?.fileName.replace(/\.(csv|xlsx)$/i, ''),
      String(p.id),
    ];
  },
  count: async (ctx) => {
    const [row] = await selectRows<{ n: number }>(
      ctx.db,
      sql`
      select count(*)::int as n from import_rows r join import_jobs j on j.id = r.job_id
       where r.job_id = ${ctx.params.id} and j.user_id = ${ctx.owner.id}`,
    );
    return row?.n ?? 0;
  },
  async *rows(ctx) {
    let after = 0;
    for (;;) {
      const rows = await selectRows<ErrorRow>(
        ctx.db,
        sql`
        select r.line, r.cells, r.errors from import_rows r join import_jobs j on j.id = r.job_id
         where r.job_id = ${ctx.params.id} and j.user_id = ${ctx.owner.id} and r.line > ${after}
         order by r.line limit ${PAGE}`,
      );
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.line;
    }
  },
});
