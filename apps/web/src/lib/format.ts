/**
 * Number formatting of spec 001 section 9: thousands separators, and abbreviations k, M, G, T, P, E
 * where space is short (chart axes, badges).
 */

const SEPARATED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1203 → "1,203"; 0.5 → "0.5". The same in zh and en (Chinese business screens use the comma too). */
export function formatCount(value: number): string {
  return SEPARATED.format(value);
}

const UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** 999 → "999", 1_203 → "1.2k", 48_211 → "48.2k", 1_000_000 → "1M": one decimal, trailing zero dropped. */
export function abbreviate(value: number): string {
  const sign = value < 0 ? '-' : '';
  let rest = Math.abs(value);
  let unit = 0;
  while (rest >= 1000 && unit < UNITS.length - 1) {
    rest /= 1000;
    unit += 1;
  }
  // 999.95k rounds to 1000.0: move to the next unit instead
  if (unit < UNITS.length - 1 && Number(rest.toFixed(1)) >= 1000) {
    rest /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? String(Math.round(rest * 100) / 100) : rest.toFixed(1).replace(/\.0$/, '');
  return `${sign}${digits}${UNITS[unit]}`;
}

/** A total counted up to a cap: "10,000+" once the cap is reached (the server stops counting there). */
export function formatTotal(total: number, capped: boolean): string {
  return capped ? `${formatCount(total)}+` : formatCount(total);
}

/**
 * A part's share of a total in percent, to one decimal (353 of 1,000 → 35.3): the arithmetic the
 * server rounds its shares with, so a pie's slice and the table beside it give the same figure.
 */
export function shareOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

/** A share in percent as written, always one decimal: 35.34 → "35.3%", 40 → "40.0%". */
export function formatPercent(percent: number): string {
  return `${(Math.round(percent * 10) / 10).toFixed(1)}%`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** How much of a time a screen shows: the day, to the minute (the default) or to the second. */
export type TimePrecision = 'day' | 'minute' | 'second';

/**
 * A time as the portal writes it in either language (2026-11-23 16:55), in the browser's time
 * zone, to the `precision` asked for; '' for no time or a value that is not one. The browser's own
 * locale format would show US dates on a Chinese screen.
 */
export function formatTime(value: string | number | Date | null | undefined, precision: TimePrecision = 'minute'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  if (precision === 'day') return day;
  const minute = `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return precision === 'second' ? `${minute}:${pad(d.getSeconds())}` : minute;
}
