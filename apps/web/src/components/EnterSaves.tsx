import { useEffect, useRef } from 'react';

/**
 * A dialog's form keeps its buttons in the dialog's footer, outside the `<form>`, so the browser's
 * implicit submission found no submit button and Enter in a text field did nothing. This one,
 * never shown, is the form's default button: Enter in a single-line field submits the form (its
 * `onFinish`), as the footer's save button does. Not in a text area, not while an input method is
 * composing (the browser's own rules); a select's Enter still chooses its option, and a date
 * field's still takes the date typed (in a range, moving on to its end) without saving; while the
 * dialog saves (`busy`) Enter does nothing, as the footer's button does (docs/decisions/0073).
 */
export function EnterSaves({ busy = false }: { busy?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    // The submission is the default action of Enter's keypress; the picker handles Enter on keydown, untouched.
    const inDateField = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.ant-picker')) event.preventDefault();
    };
    form.addEventListener('keypress', inDateField);
    return () => form.removeEventListener('keypress', inDateField);
  }, []);
  return <button ref={button} type="submit" hidden disabled={busy} />;
}
