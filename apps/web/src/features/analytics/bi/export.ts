import type { DashboardData } from '@field-portal/shared';

/** A cell a spreadsheet cannot run: text starting with = + - @ tab or CR gets a leading ' (SECURITY.md, spreadsheets). */
export function safeCell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The table of a dashboard as sheet rows: the header, then the rows as shown. */
export function sheetRows(table: DashboardData['table'], header: string[], format: (column: string, value: string | number | null) => string | number | null): (string | number)[][] {
  return [header, ...table.rows.map((row) => row.map((value, i) => safeCell(format(table.columns[i]!, value))))];
}

/** Writes the workbook and hands it to the browser as a download (the library loads on first use). */
export async function downloadWorkbook(fileName: string, sheetName: string, rows: (string | number)[][]): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName.slice(0, 31));
  XLSX.writeFile(workbook, fileName);
}
