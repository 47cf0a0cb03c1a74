import { useContext, useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
// the input alone, without Input's statics (password, one-time code, search, group)
import Input from 'antd/es/input/Input';
import type { DatePickerProps, InputNumberProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { CalendarOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';

/**
 * A form field whose antd component is downloaded when the user reaches it (pointer over it,
 * focus, a click) rather than with the page (docs/decisions/0031). Until then the field is antd's
 * Input, read-only, drawn in the same place with the same value; a focus or click that started the
 * download focuses the real field (and opens a picker) when it arrives.
 */
function lazyField<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () => (loading ??= load().then((c) => (loaded = c)));
  return function useLazyField() {
    const [Field, setField] = useState<ComponentType<P> | null>(() => loaded);
    const [reached, setReached] = useState(false);
    useEffect(() => {
      if (Field || !reached) return;
      let live = true;
      void get().then((next) => {
        if (live) setField(() => next);
      });
      return () => {
        live = false;
      };
    }, [Field, reached]);
    const prefetch = () => void get().then((next) => setField(() => next));
    const reach = () => setReached(true);
    return { Field, reached, stand: { readOnly: true, onPointerEnter: prefetch, onFocus: reach, onClick: reach } };
  };
}

function StandIn({ id, label, value, placeholder, htmlSize, style, disabled, suffix, stand }: { id?: string; label?: string; value: string; placeholder?: string; htmlSize?: number; style?: CSSProperties; disabled?: boolean; suffix?: ReactNode; stand: object }) {
  return <Input id={id} aria-label={label} value={value} placeholder={placeholder} htmlSize={htmlSize} style={style} disabled={disabled} suffix={suffix} {...stand} />;
}

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

const useInputNumber = lazyField<InputNumberProps<number>>(() => import('antd/es/input-number').then((m) => m.default as ComponentType<InputNumberProps<number>>));

/** antd's InputNumber (with its decimal arithmetic about 7 KB gzip), loaded when the field is reached. */
export function InputNumberWhenReached(props: InputNumberProps<number> & { value?: number | null }) {
  const { Field, reached, stand } = useInputNumber();
  if (Field) return <Field {...props} {...(reached ? { autoFocus: true } : {})} />;
  return <StandIn id={props.id} label={props['aria-label']} value={props.value === null || props.value === undefined ? '' : String(props.value)} placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined} style={props.style} disabled={props.disabled === true} stand={stand} />;
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
