/**
 * ExcelJS and its dependencies are a third of the server's code; they are loaded on the first
 * export (a chunk of their own in the build), so start-up does not compile them.
 */
type ExcelModule = typeof import('exceljs');
let excel: Promise<ExcelModule> | undefined;
const loadExcel = async (): Promise<ExcelModule> => {
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

/** A small workbook in memory (the recipient-list template). */
export async function workbookBuffer(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map(safeCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
