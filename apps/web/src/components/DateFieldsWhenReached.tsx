import { useContext, type ComponentType } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { CalendarOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { lazyField, StandIn } from './field-when-reached';

const useDatePicker = lazyField<DatePickerProps>(() => import('antd/es/date-picker').then((m) => m.default as ComponentType<DatePickerProps>));

export interface DatePickerWhenReachedProps extends Omit<DatePickerProps, 'format' | 'value'> {
  /** One display format (the field shows its value in it before the picker has loaded). */
  format: string;
  value?: Dayjs | null;
}

/** antd's DatePicker (with @rc-component/picker about 30 KB gzip), loaded when the field is reached. */
export function DatePickerWhenReached(props: DatePickerWhenReachedProps) {
  const { Field, reached, stand } = useDatePicker();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  if (Field) return <Field {...props} {...(reached ? { defaultOpen: true, autoFocus: true } : {})} />;
  return (
    <StandIn
      id={props.id}
      label={props['aria-label']}
      value={props.value ? props.value.format(props.format) : ''}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : locale?.DatePicker?.lang.placeholder}
      // the picker's input is sized to its format (two characters more), the picker to its input
      htmlSize={Math.max(10, props.format.length) + 2}
      style={{ width: 'auto', ...props.style }}
      disabled={props.disabled === true}
      suffix={<CalendarOutlined style={{ color: token.colorTextQuaternary }} />}
      stand={stand}
    />
  );
}

const useRangePicker = lazyField<RangePickerProps>(() => import('antd/es/date-picker').then((m) => m.default.RangePicker as ComponentType<RangePickerProps>));

/** The stand-in's width: what antd's RangePicker of two `YYYY-MM-DD` dates takes at the default size. */
const RANGE_WIDTH = 256;

/**
 * antd's RangePicker of whole days (`YYYY-MM-DD`), loaded when the field is reached. Until then one
 * read-only input of the picker's width shows the range (or the two placeholders) with an arrow
 * between them, as the picker does.
 */
export function RangePickerWhenReached(props: Omit<RangePickerProps, 'format' | 'value'> & { value?: [Dayjs | null, Dayjs | null] | null }) {
  const { Field, reached, stand } = useRangePicker();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  if (Field) return <Field {...props} {...(reached ? { defaultOpen: true, autoFocus: true } : {})} />;
  const [from, to] = props.value ?? [null, null];
  const [fromHolder, toHolder] = props.placeholder ?? locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  return (
    <StandIn
      id={typeof props.id === 'string' ? props.id : undefined}
      label={props['aria-label']}
      value={from || to ? `${from?.format('YYYY-MM-DD') ?? ''}  →  ${to?.format('YYYY-MM-DD') ?? ''}` : ''}
      placeholder={`${fromHolder}  →  ${toHolder}`}
      style={{ width: RANGE_WIDTH, ...props.style }}
      disabled={props.disabled === true}
      suffix={<CalendarOutlined style={{ color: token.colorTextQuaternary }} />}
      stand={stand}
    />
  );
}
