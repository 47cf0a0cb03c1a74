import type { ComponentType } from 'react';
import type { InputNumberProps } from 'antd';
import { lazyField, StandIn } from './field-when-reached';

const useInputNumber = lazyField<InputNumberProps<number>>(() => import('antd/es/input-number').then((m) => m.default as ComponentType<InputNumberProps<number>>));

/** antd's InputNumber (with its decimal arithmetic about 7 KB gzip), loaded when the field is reached. */
export function InputNumberWhenReached(props: InputNumberProps<number> & { value?: number | null }) {
  const { Field, reached, stand } = useInputNumber();
  if (Field) return <Field {...props} {...(reached ? { autoFocus: true } : {})} />;
  return <StandIn id={props.id} label={props['aria-label']} value={props.value === null || props.value === undefined ? '' : String(props.value)} placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined} style={props.style} disabled={props.disabled === true} stand={stand} />;
}
