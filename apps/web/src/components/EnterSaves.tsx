/**
 * A dialog's form keeps its buttons in the dialog's footer, outside the `<form>`, so the browser's
 * implicit submission found no submit button and Enter in a text field did nothing. This one,
 * never shown, is the form's default button: Enter in a single-line field submits the form (its
 * `onFinish`), as the footer's save button does. Not in a text area, not while an input method is
 * composing (the browser's own rule), a select's Enter still chooses its option, and while the
 * dialog saves (`busy`) Enter does nothing, as the footer's button does (docs/decisions/0073).
 */
export function EnterSaves({ busy = false }: { busy?: boolean }) {
  return <button type="submit" hidden disabled={busy} />;
}
