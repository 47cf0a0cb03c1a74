import { PassThrough, type Readable } from 'node:stream';

/**
 * ExcelJS and its dependencies are a third of the server's code; they are loaded on the first
 * export (a chunk of their own in the build), so start-up does not compile them.
 */
type ExcelModule = typeof import('exceljs');
let excel: Promise<ExcelModule> | undefined;
export const loadExcel = async (): Promise<ExcelModule> => {
  // A CommonJS package: its exports arrive as the namespace's default under Node's loader.
  const mod = await (excel ??= import('exceljs'));
  return (mod as ExcelModule & { default?: ExcelModule }).default ?? mod;
};

/** A cell value a spreadsheet cannot run: text starting with = + - @ tab or CR gets a leading ' (SECURITY.md, spreadsheets). */
export function safeCell(value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A streamed .xlsx of one sheet: the header, then the rows the generator yields, batch by
 * batch, so a 100,000-row export never sits in memory as a whole.
 */
export function streamWorkbook(sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.addRow(header.map(safeCell)).commit();
      for await (const batch of rows) for (const row of batch) sheet.addRow(row.map(safeCell)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/**
 * Runs a row source up to its first batch before anything is sent, so a bad filter or a failed
 * query answers its error (400, 503) instead of a 200 whose stream breaks off; the batches then
 * follow as before.
 */
export async function firstBatchChecked<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** A small workbook in memory (the recipient-list template). */
export async function workbookBuffer(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map(safeCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
