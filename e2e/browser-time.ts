/**
 * The browsers of the journeys run in the users' time zone, China Standard Time, as the portal's
 * business time is (docs/decisions/0004); E2E_TIMEZONE runs them in another. A journey that types
 * or reads a day or a time computes it here, in that zone, never in the test machine's.
 */
export const BROWSER_TIME_ZONE = process.env.E2E_TIMEZONE ?? 'Asia/Shanghai';

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: BROWSER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(at: Date): Record<string, string> {
  return Object.fromEntries(FORMAT.formatToParts(at).map((p) => [p.type, p.value]));
}

/** The day the browser shows for an instant: 2026-12-02. */
export function browserDay(at: Date = new Date()): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The time the browser shows for an instant, to the second: 2026-12-02 11:01:48. */
export function browserTime(at: Date | string): string {
  const p = parts(new Date(at));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A calendar day moved by days, months and years (2026-12-02 and one year: 2027-12-02). */
export function shiftDay(day: string, by: { days?: number; months?: number; years?: number }): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y + (by.years ?? 0), m - 1 + (by.months ?? 0), d + (by.days ?? 0)));
  return moved.toISOString().slice(0, 10);
}
