import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxRows, type FileRow } from './reader.js';

/** The file as the file store hands it over: a stream of its bytes. */
const opener = (bytes: Buffer) => async () => {
  const stream = new PassThrough();
  stream.end(bytes);
  return stream;
};

async function rowsOf(bytes: Buffer): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of xlsxRows(opener(bytes), bytes.length)) rows.push(row);
  return rows;
}

describe('reading an .xlsx', () => {
  it('reads a workbook ExcelJS wrote (the portal exports) every time: its workbook part, stored last, is never lost', async () => {
    // ExcelJS stores xl/workbook.xml last; unzipper's front-to-back streaming parse, which ExcelJS'
    // reader uses, lost it now and then (exceljs issue 3064: "Cannot read properties of undefined
    // (reading 'sheets')"; a few reads in a thousand of this workbook on Node 20 and 24).
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('First').addRow(['a', 'b']);
    wb.addWorksheet('Second').addRow(['c', 'd']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    let lost = 0;
    for (let read = 0; read < 1000; read++) {
      const rows = await rowsOf(bytes).catch(() => []);
      if (JSON.stringify(rows) !== JSON.stringify([{ line: 1, cells: ['a', 'b'] }])) lost++;
    }
    expect(lost).toBe(0);
  });

  it('takes the first sheet as the workbook orders its tabs, not as the file stores its parts', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('数据').addRow(['first']);
    wb.addWorksheet('其他').addRow(['second']);
    // The tab order as a user may leave it: the second sheet first. (ExcelJS then also stores that
    // sheet's part first, so this pins the rule rather than telling the two apart.)
    (wb.worksheets[1] as ExcelJS.Worksheet & { orderNo: number }).orderNo = -1;
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const check = new ExcelJS.Workbook();
    await check.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    // The whole-file reader agrees which tab is first: the one stored second.
    expect(check.worksheets.map((w) => w.name)).toEqual(['其他', '数据']);
    expect(await rowsOf(bytes)).toEqual([{ line: 1, cells: ['second'] }]);
  });
});
