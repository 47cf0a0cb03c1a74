import type { FormInstance } from 'antd';
import type { Lang } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';

/**
 * A failed save of an app screen's form: the server's message under the field it names when the
 * form shows that field (`fields`, every field when omitted), else as a toast.
 */
export function showSaveFailure(error: unknown, form: FormInstance, lang: Lang, toast: (text: string) => unknown, fields?: object): void {
  const field = isHttpError(error) ? error.field : undefined;
  if (field && (!fields || field in fields)) form.setFields([{ name: field, errors: [describeFailure(error, lang)] }]);
  else void toast(describeFailure(error, lang));
}
