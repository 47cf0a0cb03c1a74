import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App as AntApp, Form, Modal } from 'antd';
import { describeFailure, isHttpError } from '@/lib/http';
import { useAdminWords } from '@/features/admin/i18n';
import { adminFormErrors, type AdminFormName } from '../checks-on-save';
import { EnterSaves } from '@/components/EnterSaves';

interface Props<T extends object> {
  open: boolean;
  title: string;
  initialValues: Partial<T>;
  /** The form's checks (the server's request schema), loaded on the first save. */
  checks: AdminFormName;
  /** Turns the form's values into the request body (defaults to the values themselves). */
  toBody?: (values: T) => object;
  onSubmit: (body: object) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  width?: number;
  /** Field labels, so a message names the field as the form shows it. */
  labels?: Record<string, string>;
  children: ReactNode;
}

/**
 * The add/edit dialog of the admin screens: the shared schema (loaded on the first save) checks
 * each field with the server's messages; a refusal from the server shows at the field it names, else as a toast.
 */
export function EntityModal<T extends object>({
  open,
  title,
  initialValues,
  checks,
  toBody,
  onSubmit,
  onClose,
  onSaved,
  width = 560,
  labels,
  children,
}: Props<T>) {
  const { msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<T>();
  const [saving, setSaving] = useState(false);

  // The form starts from initialValues each time the dialog opens, and only then: a parent that
  // re-renders while the dialog is open (a list of choices arriving) must not wipe what was typed.
  const initial = useRef(initialValues);
  useEffect(() => {
    initial.current = initialValues;
  });
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initial.current as never);
    }
  }, [open, form]);

  const submit = async () => {
    const values = { ...(initialValues as object), ...form.getFieldsValue(true) } as T;
    const body = toBody ? toBody(values) : values;
    const errors = await adminFormErrors(checks, body, lang, labels);
    form.setFields(Object.keys(form.getFieldsValue(true) as object).map((name) => ({ name: name as never, errors: errors[name] ? [errors[name]] : [] })));
    const unshown = Object.keys(errors).filter((f) => !(f in (form.getFieldsValue(true) as object)));
    if (Object.keys(errors).length > 0) {
      if (unshown.length > 0) void message.error(errors[unshown[0]!]);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(body);
      void message.success(msg('sys.save.success'));
      onSaved();
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      const text = describeFailure(error, lang);
      if (field && field in (form.getFieldsValue(true) as object)) form.setFields([{ name: field as never, errors: [text] }]);
      else void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} width={width} destroyOnHidden maskClosable={false}>
      <Form<T> form={form} layout="vertical" className="fp-admin-form" preserve={false} onFinish={() => void submit()}>
        {children}
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}
