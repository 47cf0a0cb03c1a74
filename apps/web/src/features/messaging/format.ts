import dayjs from 'dayjs';

/** A message time in a list: the time today, month and day this year, the full date before. */
export function messageTime(iso: string | null, now = dayjs()): string {
  if (!iso) return '';
  const at = dayjs(iso);
  if (at.isSame(now, 'day')) return at.format('HH:mm');
  if (at.isSame(now, 'year')) return at.format('MM-DD HH:mm');
  return at.format('YYYY-MM-DD');
}

/** The letter an avatar without a picture shows. */
export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}
