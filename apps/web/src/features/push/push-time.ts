import type { Dayjs } from 'dayjs';

/*
 * The push screens' time helpers, apart from push-form.ts (which checks with the push schemas):
 * the pin switch of the published list needs only these (docs/decisions/0031).
 */

/** How the dialog sends a time: with the browser's offset, so the server reads the instant the operator chose. */
export const WIRE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ';

/** The pin period a switch turned on starts with: today through the same date one year later (spec 000 section 4). */
export function defaultPinRange(now: Dayjs): [Dayjs, Dayjs] {
  return [now.startOf('day'), now.add(1, 'year').endOf('day')];
}

/** The pickers disable every date before yesterday (spec 000 section 5). */
export function isBeforeYesterday(date: Dayjs, now: Dayjs): boolean {
  return date.isBefore(now.subtract(1, 'day').startOf('day'), 'day');
}

/** The pin period on the wire: whole days, start of the first to end of the last. */
export function pinPeriodOf(range: [Dayjs, Dayjs]): { topStartTime: string; topEndTime: string } {
  return { topStartTime: range[0].startOf('day').format(WIRE_TIME_FORMAT), topEndTime: range[1].endOf('day').format(WIRE_TIME_FORMAT) };
}
