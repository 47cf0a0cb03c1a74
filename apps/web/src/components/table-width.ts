/** The width a table's columns add up to: its `scroll.x` when it scrolls sideways (docs/decisions/0057). */
export function tableWidth(columns: readonly { width?: string | number }[]): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}
