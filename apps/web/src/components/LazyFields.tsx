import { useContext, useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
// the input alone, without Input's statics (password, one-time code, search, group)
import Input from 'antd/es/input/Input';
import type { DatePickerProps, InputNumberProps } from 'antd';
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

function StandIn({ id, value, placeholder, htmlSize, style, disabled, suffix, stand }: { id?: string; value: string; placeholder?: string; htmlSize?: number; style?: CSSProperties; disabled?: boolean; suffix?: ReactNode; stand: object }) {
  return <Input id={id} value={value} placeholder={placeholder} htmlSize={htmlSize} style={style} disabled={disabled} suffix={suffix} {...stand} />;
}

const useDatePicker = lazyField<DatePickerProps>(() => import('antd/es/date-picker').then((m) => m.default as ComponentType<DatePickerProps>));

export interface LazyDatePickerProps extends Omit<DatePickerProps, 'format' | 'value'> {
  /** One display format (the field shows its value in it before the picker has loaded). */
  format: string;
  value?: Dayjs | null;
}

/** antd's DatePicker (with @rc-component/picker about 30 KB gzip), loaded when the field is reached. */
export function LazyDatePicker(props: LazyDatePickerProps) {
  const { Field, reached, stand } = useDatePicker();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  if (Field) return <Field {...props} {...(reached ? { defaultOpen: true, autoFocus: true } : {})} />;
  return (
    <StandIn
      id={props.id}
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

const useInputNumber = lazyField<InputNumberProps>(() => import('antd/es/input-number').then((m) => m.default as ComponentType<InputNumberProps>));

/** antd's InputNumber (with its decimal arithmetic about 7 KB gzip), loaded when the field is reached. */
export function LazyInputNumber(props: InputNumberProps & { value?: number | null }) {
  const { Field, reached, stand } = useInputNumber();
  if (Field) return <Field {...props} {...(reached ? { autoFocus: true } : {})} />;
  return <StandIn id={props.id} value={props.value === null || props.value === undefined ? '' : String(props.value)} placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined} style={props.style} disabled={props.disabled === true} stand={stand} />;
}
