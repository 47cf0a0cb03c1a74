import { useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
// the input alone, without Input's statics (password, one-time code, search, group)
import Input from 'antd/es/input/Input';

/*
 * The shared part of the form fields whose antd component is downloaded when reached
 * (DateFieldsWhenReached.tsx, InputNumberWhenReached.tsx). Each kind of field is a module of its
 * own: a module's lazy imports are loads of every page that imports it, and the shared chunks of
 * those pages are split by them (docs/decisions/0031, "What a browser downloads, within 400 KB").
 */

/**
 * A form field whose antd component is downloaded when the user reaches it (pointer over it,
 * focus, a click) rather than with the page (docs/decisions/0031). Until then the field is antd's
 * Input, read-only, drawn in the same place with the same value; a focus or click that started the
 * download focuses the real field (and opens a picker) when it arrives.
 */
export function lazyField<P extends object>(load: () => Promise<ComponentType<P>>) {
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

/** The read-only antd Input drawn in the field's place until its component has loaded. */
export function StandIn({ id, label, value, placeholder, htmlSize, style, disabled, suffix, stand }: { id?: string; label?: string; value: string; placeholder?: string; htmlSize?: number; style?: CSSProperties; disabled?: boolean; suffix?: ReactNode; stand: object }) {
  return <Input id={id} aria-label={label} value={value} placeholder={placeholder} htmlSize={htmlSize} style={style} disabled={disabled} suffix={suffix} {...stand} />;
}

