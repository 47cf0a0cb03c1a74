import type { FormInstance } from 'antd';
import type { Lang } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';

/** A field path as the server and the checks write it (`competitors.0.name`) as antd's Form names it. */
export const toPath = (path: string): (string | number)[] => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * A failed save of an app screen's form: the server's message under the field it names when the
 * form shows that field (`fields`, every field when omitted), else as a toast. Returns the field
 * it was shown under, if any.
 */
export function showSaveFailure(error: unknown, form: FormInstance, lang: Lang, toast: (text: string) => unknown, fields?: object): string | undefined {
  const field = isHttpError(error) ? error.field : undefined;
  if (field && (!fields || field in fields)) {
    form.setFields([{ name: toPath(field) as never, errors: [describeFailure(error, lang)] }]);
    return field;
  }
  void toast(describeFailure(error, lang));
  return undefined;
}
