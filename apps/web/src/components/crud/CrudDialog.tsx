import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { App as AntApp, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { messageText as catalogue } from '@/lib/i18n';
import { showSaveFailure, toPath } from '@/lib/save-failure';
import { crudApi, type CrudPaths } from './crud-api';
import type { FormCheck } from './checks';
import { useCrudWords, type CrudLabelKey } from './i18n';
import './crud.css';
import { EnterSaves } from '@/components/EnterSaves';

/** One field of an entity's add/edit form. */
export interface FieldDef<L extends string = never> {
  name: string;
  label: L | CrudLabelKey;
  kind?: 'text' | 'textarea' | 'number' | 'switch' | 'select';
  options?: { value: string; label: L | CrudLabelKey }[];
  extra?: L | CrudLabelKey;
  required?: boolean;
  placeholder?: string;
}

export interface CrudDialogProps<L extends string = never> {
  /** One record's name, in the dialog's title (新增药品, Add medicine). */
  item: L;
  paths: CrudPaths;
  checks: FormCheck;
  fields?: FieldDef<L>[] | undefined;
  extraFields?: ComponentType | undefined;
  toBody?: ((values: Record<string, unknown>) => Record<string, unknown>) | undefined;
  modalWidth?: number | undefined;
  /** The edited row's id; undefined for a new one. */
  editingId: number | undefined;
  /** The form's starting values while the dialog is open (a new object each opening); null when closed. */
  values: Record<string, unknown> | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The add/edit dialog of `CrudScreen`, loaded when first opened: the form checks with the
 * server's schema and the entity's own rules (loaded on the first save); a refusal from the
 * server shows at the field it names.
 */
export function CrudDialog<L extends string = never>({
  item,
  paths,
  checks,
  fields = [],
  extraFields: ExtraFields,
  toBody,
  modalWidth = 560,
  editingId,
  values,
  onClose,
  onSaved,
}: CrudDialogProps<L>) {
  const words = useCrudWords();
  const { lang } = words;
  const t = words.t as (key: L | CrudLabelKey, params?: Record<string, string | number>) => string;
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const shown = useRef(new Set<string>());
  const labels = Object.fromEntries(fields.map((f) => [f.name, t(f.label)]));

  // The form starts from the row (or the defaults) at each opening, and only then.
  useEffect(() => {
    if (!values) return;
    form.resetFields();
    shown.current = new Set();
    form.setFieldsValue(values);
  }, [values, form]);

  const submit = async () => {
    const { id, ...current } = form.getFieldsValue(true) as Record<string, unknown>;
    void id;
    const body = toBody ? toBody(current) : current;
    const errors = await checks(body, lang, labels);
    // Errors of the last attempt go; this attempt's show at their fields.
    form.setFields([...shown.current].filter((path) => !errors[path]).map((path) => ({ name: toPath(path) as never, errors: [] })));
    form.setFields(Object.entries(errors).map(([path, text]) => ({ name: toPath(path) as never, errors: [text] })));
    shown.current = new Set(Object.keys(errors));
    const unplaced = Object.keys(errors).find((path) => !path);
    if (unplaced !== undefined) void message.error(errors[unplaced]!);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await crudApi.save(paths, body, editingId);
      void message.success(catalogue('apps.saved', lang));
      onSaved();
    } catch (error) {
      const placed = showSaveFailure(error, form, lang, (text) => message.error(text));
      if (placed) shown.current.add(placed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={values !== null}
      title={t(values && editingId === undefined ? 'apps.dialog.add' : 'apps.dialog.edit', { name: t(item) })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('apps.action.save')}
      cancelText={t('apps.action.cancel')}
      confirmLoading={saving}
      width={modalWidth}
      maskClosable={false}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        className="fp-apps-form"
        onFinish={() => void submit()}
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(
            Object.keys(changed)
              .filter((n) => shown.current.has(n))
              .map((n) => ({ name: n, errors: [] })),
          )
        }
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.label)}
            required={f.required}
            extra={f.extra ? t(f.extra) : undefined}
            valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
          >
            {fieldInput(f, t)}
          </Form.Item>
        ))}
        {ExtraFields ? <ExtraFields /> : null}
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}

function fieldInput<L extends string>(f: FieldDef<L>, t: (key: L | CrudLabelKey) => string): ReactNode {
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={f.placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={f.placeholder} />;
    case 'switch':
      return <Switch />;
    case 'select':
      return <Select options={(f.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))} placeholder={f.placeholder} />;
    default:
      return <Input placeholder={f.placeholder} />;
  }
}
