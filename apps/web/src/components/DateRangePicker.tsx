import { DatePicker, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs, Dayjs];

export type DateRangePickerProps = Omit<GetProps<typeof DatePicker.RangePicker>, 'onChange' | 'allowEmpty'> & {
  /** A whole range, or null: one end alone counts as no range (as a cleared one). */
  onChange?: (range: DateRange | null) => void;
};

/**
 * antd's range picker, the portal's one way to choose a period (docs/decisions/0074). antd's own
 * keeps the focus on an empty start: Tab moves to the end field and its focus lock sends it back,
 * so a keyboard user cannot get past an empty range (a new meeting's time, the push report's and
 * the card lists' date filters). Each end may be left empty on the way through here, and a range
 * is passed on whole or not at all, so a form's required rule still names an unfinished range.
 */
export function DateRangePicker({ onChange, ...props }: DateRangePickerProps) {
  // The one place antd's range picker is used (lint refuses it elsewhere).
  // eslint-disable-next-line no-restricted-syntax
  return <DatePicker.RangePicker {...props} allowEmpty={[true, true]} onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0], range[1]] : null)} />;
}
