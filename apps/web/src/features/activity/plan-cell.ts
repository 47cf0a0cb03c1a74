/** The lines a day's cell of the plan calendar holds whole (antd's 86 px of content, 17 px a line). */
export const CELL_LINES = 5;

/**
 * What a day's cell shows: every entry when they fit, else the first ones (tasks before visits, as
 * listed) and a last line saying how many more there are; the day's lists under the calendar have
 * them all.
 */
export function planCell<T, V>(tasks: readonly T[], visits: readonly V[], lines = CELL_LINES): { tasks: T[]; visits: V[]; more: number } {
  const entries = tasks.length + visits.length;
  const shown = entries <= lines ? entries : lines - 1;
  const shownTasks = tasks.slice(0, shown);
  const shownVisits = visits.slice(0, shown - shownTasks.length);
  return { tasks: shownTasks, visits: shownVisits, more: entries - shown };
}
