import type { FormInstance } from 'antd';
import type { Lang } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';

/** A field path as the server and the checks write it (`competitors.0.name`) as antd's Form names it. */
export const toPath = (path: string): (string | number)[] => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The fields a form shows (registered Form.Items with a name), as dotted paths. */
function shownFields(form: FormInstance): Set<string> {
  const names = new Set<string>();
  form.getFieldsValue(true, (meta) => {
    if (meta) names.add(meta.name.join('.'));
    return false;
  });
  return names;
}

/**
 * The one display of a refused save (issue 34): the server's message under the field it names,
 * marked and focused, when the form shows that field (`fields` narrows them); else one toast —
 * none when the HTTP client has shown the failure already, so a refusal is never said twice.
 * Returns the field the message was placed on, if any.
 */
export function showSaveFailure(error: unknown, form: FormInstance, lang: Lang, toast: (text: string) => unknown, fields?: object): string | undefined {
  const field = isHttpError(error) ? error.field : undefined;
  const text = describeFailure(error, lang);
  if (field && (fields ? field in fields : shownFields(form).has(field))) {
    const name = toPath(field);
    form.setFields([{ name: name as never, errors: [text] }]);
    form.scrollToField(name as never, { focus: true, block: 'center' });
    return field;
  }
  if (!(isHttpError(error) && error.notified)) void toast(text);
  return undefined;
}
