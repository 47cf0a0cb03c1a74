import { describe, expect, it } from 'vitest';
import { API, IMPORT_LIMITS, type ImportBatchResult, type ImportJob } from '@field-portal/shared';
import { ok } from '../../../test/api.js';
import { csv, importKit, msg } from './test-kit.js';

const kit = importKit(['admin']);
const { upload, settle, dryRun, commit, commitOk, count } = kit;

const HEADER = '医院编码,医院名称,医院等级,医院类型,所在地区';

describe('import centre: lines under the table, and a dry run past its moment', () => {
  it('takes one-cell lines under the table as notes: named in the answer, not rows, and the rest imports all or nothing', async () => {
    // As a company's sheet ends: a blank line, who made it, as of when.
    const file = Buffer.from(
      csv([
        '2026年医院主数据,,,,',
        HEADER,
        'NT001,测试备注医院甲,三级甲等,综合医院,310115',
        'NT002,测试备注医院乙,三级甲等,综合医院,310101',
        ',,,,',
        '制表人:张三,,,,',
        ',数据截至2026年11月30日,,,',
      ]),
    );
    const job = await dryRun('hospitals', file, 'notes.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 });
    expect(job.notes).toEqual([
      { row: 6, text: '制表人:张三' },
      { row: 7, text: '数据截至2026年11月30日' },
    ]);
    const done = await commitOk(job.id);
    expect(done.committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(done.notes).toHaveLength(2);
    expect(await count(`select count(*) as n from hospitals where code like 'NT%'`)).toBe(2);
  });

  it('a note-like line with a row below it is a row; so is every line of a run longer than the notes may be, and a record with its code alone', async () => {
    const inside = await dryRun('hospitals', Buffer.from(csv([HEADER, '备注:第一批,,,,', 'NT102,测试备注医院丙,三级甲等,综合医院,310115'])), 'inside.csv');
    expect(inside.notes).toEqual([]);
    expect(inside.counts).toMatchObject({ rows: 2, refused: 1 });
    expect(inside.refusedRows[0]).toMatchObject({ row: 2 });

    const many = Array.from({ length: IMPORT_LIMITS.notesMax + 1 }, (_, i) => `备注${i}:待核实,,,,`);
    const long = await dryRun('hospitals', Buffer.from(csv([HEADER, 'NT199,测试备注医院丁,三级甲等,综合医院,310115', ...many])), 'long.csv');
    expect(long.notes).toEqual([]);
    expect(long.counts).toMatchObject({ rows: IMPORT_LIMITS.notesMax + 2, refused: IMPORT_LIMITS.notesMax + 1 });

    // The last record with its code alone is a record missing its name, not a note: refused, and named so.
    const codeOnly = await dryRun('hospitals', Buffer.from(csv([HEADER, 'NT201,测试备注医院戊,三级甲等,综合医院,310115', 'NT202,,,,'])), 'code-only.csv');
    expect(codeOnly.notes).toEqual([]);
    expect(codeOnly.counts).toMatchObject({ rows: 2, refused: 1 });
    expect(codeOnly.refusedRows[0]!.messages).toContain(msg('imports.row.required', 'zh', { field: '医院名称' }));

    // A file whose every line under the header is a note has rows, each refused, not an empty file of notes.
    const only = await dryRun('hospitals', Buffer.from(csv([HEADER, '制表人:张三,,,,'])), 'only.csv');
    expect(only.notes).toEqual([]);
    expect(only.counts).toMatchObject({ rows: 1, refused: 1 });
  });

  it('a commit refused as a whole, with a newer upload of its kind made while it ran, is superseded, not ready again', async () => {
    const job = await dryRun('hospitals', Buffer.from(csv([HEADER, 'NT401,测试作废医院甲,三级甲等,综合医院,310101'])), 'first.csv');
    expect(job.counts?.refused).toBe(0);
    // The commit is queued; meanwhile a hospital of that name arrives under another code, and a newer file is uploaded.
    ok<ImportJob>(await commit(job.id));
    ok<ImportBatchResult>(
      await kit.h.app.inject({
        method: 'POST',
        url: API.imports.upsertHospitals,
        headers: kit.headers('admin'),
        payload: { records: [{ code: 'NT499', name: '测试作废医院甲', region: '310101' }] },
      }),
    );
    const newer = ok<ImportJob>(await upload('hospitals', Buffer.from(csv([HEADER, 'NT402,测试作废医院乙,三级甲等,综合医院,310101'])), 'second.csv'));
    const refused = await settle(job.id, 'en');
    expect(refused).toMatchObject({ status: 'superseded', message: msg('imports.job.superseded', 'en') });
    const again = await commit(job.id, 'validOnly', 'en');
    expect(again.statusCode).toBe(409);
    expect(await count(`select count(*) as n from hospitals where code = 'NT401'`)).toBe(0);
    expect((await settle(newer.id)).status).toBe('ready');
  });
});
