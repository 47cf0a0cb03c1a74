import type { Dayjs } from 'dayjs';
import type { DatePickerProps as AntDatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazyPart } from './lazy-dialog';

type DatePickerProps = AntDatePickerProps<Dayjs | null, false>;

/*
 * antd's DatePicker and RangePicker, downloaded when first shown (the pickers with their panels
 * and dayjs plugins are about 30 KB gzip): for a picker a form shows on a choice (a push time
 * after "at a time", a pin period after the pin is switched on), so the form opens without it
 * (docs/decisions/0031). A picker shown on opening imports antd's DatePicker as usual. While the
 * code arrives an empty space of the picker's size keeps its place.
 */
export const LazyDatePicker = lazyPart<DatePickerProps>(
  () => import('antd/es/date-picker').then((m) => m.default),
  <span aria-busy="true" style={{ display: 'inline-block', width: 220, height: 32 }} />,
);

export const LazyRangePicker = lazyPart<RangePickerProps>(
  () => import('antd/es/date-picker').then((m) => m.default.RangePicker),
  <span aria-busy="true" style={{ display: 'inline-block', width: 260, height: 32 }} />,
);
