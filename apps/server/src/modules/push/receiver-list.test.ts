import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { rowsToReceivers } from './receiver-list.js';
import { listFileKind, parseSheet, zipTotals } from '../../platform/sheet.js';
import { wwidOf } from '../../seed/demo.js';
import { expectError, multipartPost, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
let token = '';
beforeAll(async () => {
  h = await createHarness();
  token = (await h.login('operator')).access;
});
afterAll(async () => h?.close());

function upload(parts: Part[], lang = 'zh', user = token) {
  return h.app.inject(multipartPost(API.push.uploadReceiverList, parts, { ...h.auth(user), language: lang }));
}

async function xlsx(rows: unknown[][], secondSheet?: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('list').addRows(rows);
  if (secondSheet) book.addWorksheet('other').addRows(secondSheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}
function xls(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'list');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('the spreadsheet reader', () => {
  it('is SheetJS 0.20.3 exactly (SECURITY.md: never 0.18.5)', () => {
    const require = createRequire(import.meta.url);
    const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('@e965/xlsx')), 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe('0.20.3');
    expect(XLSX.version).toBe('0.20.3');
    const own = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(own.dependencies['@e965/xlsx']).toBe('0.20.3');
  });

  it('tells the families apart by their bytes', async () => {
    const book = await xlsx([['wwid', 'name']]);
    expect(listFileKind(book, 'xlsx')).toBe('xlsx');
    expect(listFileKind(book, 'xls')).toBeUndefined();
    expect(listFileKind(xls([['wwid', 'name']]), 'xls')).toBe('xls');
    expect(listFileKind(Buffer.from('wwid,name\n'), 'xlsx')).toBeUndefined();
    expect(zipTotals(book)!.entries).toBeGreaterThan(3);
  });

  it('reads values only, first sheet only, and needs the header', async () => {
    const rows = await parseSheet(
      await xlsx(
        [
          ['wwid', 'name'],
          [{ formula: '1+1', result: 2 }, 'x'],
        ],
        [
          ['wwid', 'name'],
          ['999', 'other'],
        ],
      ),
      100,
    );
    expect(rows).toEqual([
      ['wwid', 'name'],
      [2, 'x'],
    ]);
    expect(() => rowsToReceivers([['id', 'name']])).toThrow();
    expect(
      rowsToReceivers([
        ['Name', 'WWID'],
        ['a', ' 1 '],
        ['b', '1'],
        ['', ''],
      ]),
    ).toEqual({ receiver: [{ receiverId: '1', receiverName: 'a' }], duplicates: ['1'] });
  });

  it('stops a parse that takes too long', async () => {
    await expect(parseSheet(await xlsx([['wwid', 'name']]), 10, 1)).rejects.toMatchObject({ key: 'push.listUnreadable' });
  });
});

describe('POST uploadReceiverList and GET downloadTemplate', () => {
  it('serves the template as a real .xlsx with the header wwid, name', async () => {
    const res = await h.app.inject({ method: 'GET', url: API.push.downloadTemplate, headers: h.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, 'wwid', 'name']);
  });

  it('reads .xlsx and .xls lists into recipients, unknown wwids and duplicates', async () => {
    const rows = [
      ['wwid', 'name'],
      [wwidOf(1), 'A'],
      [wwidOf(2), 'B'],
      ['nobody', 'C'],
      [wwidOf(1), 'A again'],
      [Number(wwidOf(3)), 'D'],
    ];
    for (const [bytes, filename] of [
      [await xlsx(rows), 'list.xlsx'],
      [xls(rows), 'list.xls'],
    ] as const) {
      const res = await upload([{ name: 'file', bytes, filename }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        receiver: [
          { receiverId: wwidOf(1), receiverName: 'A' },
          { receiverId: wwidOf(2), receiverName: 'B' },
          { receiverId: wwidOf(3), receiverName: 'D' },
        ],
        unknown: ['nobody'],
        duplicates: [wwidOf(1)],
      });
    }
  });

  it('refuses other formats, a second file, no file, a big file and a list without the header', async () => {
    const good = await xlsx([['wwid', 'name']]);
    expectError(await upload([{ name: 'file', bytes: Buffer.from('wwid,name\n1,a\n'), filename: 'list.csv' }], 'en'), 415, 'push.listFormat', 'en');
    expectError(await upload([{ name: 'file', bytes: Buffer.from('wwid,name\n1,a\n'), filename: 'list.xlsx' }]), 415, 'push.listFormat');
    expectError(await upload([{ name: 'file', bytes: good, filename: 'list.xls' }]), 415, 'push.listFormat');
    expectError(
      await upload(
        [
          { name: 'file', bytes: good, filename: 'a.xlsx' },
          { name: 'file', bytes: good, filename: 'b.xlsx' },
        ],
        'en',
      ),
      400,
      'push.listOneFile',
      'en',
    );
    expectError(await upload([{ name: 'x', value: '1' }], 'en'), 400, 'push.listRequired', 'en');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    good.copy(big);
    expectError(await upload([{ name: 'file', bytes: big, filename: 'big.xlsx' }]), 413, 'push.listTooLarge');
    expectError(
      await upload([
        {
          name: 'file',
          bytes: await xlsx([
            ['id', 'who'],
            ['1', 'a'],
          ]),
          filename: 'list.xlsx',
        },
      ]),
      400,
      'push.listHeader',
    );
    expectError(
      await upload([{ name: 'file', bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)]), filename: 'list.xlsx' }]),
      400,
      'push.listUnreadable',
    );
  });

  it('needs the push authority', async () => {
    const rep = (await h.login('rep01')).access;
    expectError(await upload([{ name: 'file', bytes: await xlsx([['wwid', 'name']]), filename: 'l.xlsx' }], 'zh', rep), 403, 'auth.forbidden');
  });
});
