import { useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, type FormInstance } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { APPS_LIMITS, pageQuery as schemaOfSearch, type Lang } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';
import { messageText as catalogue, useI18n, type LabelKey } from '@/lib/i18n';
import { crudApi, type CrudPaths } from '../api';
import { formErrors } from '../form-rules';
import '../apps.css';
import '@/lib/i18n/areas/apps';
import '@/lib/i18n/messages/apps';

export interface FieldDef {
  name: string;
  label: LabelKey;
  kind?: 'text' | 'textarea' | 'number' | 'switch' | 'select';
  options?: { value: string; label: LabelKey }[];
  extra?: LabelKey;
  required?: boolean;
  placeholder?: string;
}

export interface ColumnDef<R> {
  key: string;
  label: LabelKey;
  width?: number | string;
  render?: (row: R, lang: Lang) => ReactNode;
}

export interface CrudScreenProps<R extends { id: number }> {
  title: LabelKey;
  /** The query-key and test-id name of the entity. */
  entity: string;
  paths: CrudPaths;
  /** The server's create schema: the form checks with it before sending. */
  schema: z.ZodType;
  columns: ColumnDef<R>[];
  fields?: FieldDef[];
  /** Form items beyond `fields` (lists, pickers). */
  extraForm?: (form: FormInstance) => ReactNode;
  defaults: Record<string, unknown>;
  toForm?: (row: R) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Rules of the entity beyond the schema: path → message. */
  extraCheck?: (values: Record<string, unknown>, lang: Lang) => Record<string, string>;
  searchPlaceholder: LabelKey;
  /** Runs after a save or a deletion (other screens' data). */
  onChanged?: () => void;
  /** Opens the editor elsewhere instead of the dialog. */
  onEdit?: (row: R | null) => void;
  modalWidth?: number;
}

const toPath = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The list-and-form screen of a simple entity: search (at most five words), paging, add and
 * edit in a dialog checked with the server's schema, delete after confirmation. A refusal
 * from the server shows at the field it names.
 */
export function CrudScreen<R extends { id: number }>(props: CrudScreenProps<R>) {
  const { title, entity, paths, schema, columns, fields = [], extraForm, defaults, toForm, toBody, extraCheck, searchPlaceholder, onChanged, onEdit, modalWidth = 560 } = props;
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState<{ page: number; size: number; search: string }>({ page: 1, size: APPS_LIMITS.pageSizeDefault, search: '' });
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [searchError, setSearchError] = useState<string>();
  const [form] = Form.useForm<Record<string, unknown>>();
  const shown = useRef(new Set<string>());
  const list = useQuery({ queryKey: ['apps', entity, query], queryFn: () => crudApi.list<R>(paths, query), placeholderData: keepPreviousData });
  const labels = Object.fromEntries(fields.map((f) => [f.name, t(f.label)]));

  const changed = async () => {
    await client.invalidateQueries({ queryKey: ['apps', entity] });
    onChanged?.();
  };
  const open = (row: R | null) => {
    if (onEdit) return onEdit(row);
    setEditing(row ?? 'new');
    form.resetFields();
    shown.current = new Set();
    form.setFieldsValue(row ? (toForm ? toForm(row) : (row as unknown as Record<string, unknown>)) : defaults);
  };
  const submit = async () => {
    const { id, ...values } = form.getFieldsValue(true) as Record<string, unknown>;
    void id;
    const body = toBody ? toBody(values) : values;
    const errors = { ...formErrors(schema, body, lang, labels), ...(extraCheck?.(body, lang) ?? {}) };
    // Errors of the last attempt go; this attempt's show at their fields.
    form.setFields([...shown.current].filter((path) => !errors[path]).map((path) => ({ name: toPath(path) as never, errors: [] })));
    form.setFields(Object.entries(errors).map(([path, text]) => ({ name: toPath(path) as never, errors: [text] })));
    shown.current = new Set(Object.keys(errors));
    const unplaced = Object.keys(errors).find((path) => !path);
    if (unplaced !== undefined) void message.error(errors[unplaced]!);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await crudApi.save<R>(paths, body, editing && editing !== 'new' ? editing.id : undefined);
      void message.success(catalogue('apps.saved', lang));
      setEditing(null);
      await changed();
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      const text = describeFailure(error, lang);
      if (field) {
        form.setFields([{ name: toPath(field) as never, errors: [text] }]);
        shown.current.add(field);
      }
      else void message.error(text);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (row: R) => {
    try {
      await crudApi.remove(paths, row.id);
      void message.success(catalogue('apps.deleted', lang));
      await changed();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };
  const search = (text: string) => {
    const error = formErrors(schemaOfSearch, { search: text }, lang).search;
    setSearchError(error);
    if (!error) setQuery({ ...query, page: 1, search: text.trim() });
  };

  return (
    <Card className="fp-apps-screen" title={t(title)} data-screen={entity}>
      <div className="fp-apps-toolbar">
        <Input.Search allowClear placeholder={t(searchPlaceholder)} className="fp-apps-search" status={searchError ? 'error' : undefined} onSearch={search} aria-label={t('apps.search')} />
        {searchError ? <span className="fp-apps-search-error">{searchError}</span> : null}
        <span className="fp-apps-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('apps.action.add')}
        </Button>
      </div>
      <Table<R>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('apps.total', { total }),
          onChange: (page, size) => setQuery({ ...query, page, size }),
        }}
        columns={[
          ...columns.map((c) => ({
            key: c.key,
            title: t(c.label),
            width: c.width,
            render: (_: unknown, row: R) => (c.render ? c.render(row, lang) : String((row as Record<string, unknown>)[c.key] ?? '')),
          })),
          {
            key: 'actions',
            title: t('apps.col.actions'),
            width: 150,
            render: (_: unknown, row: R) => (
              <Space size={0}>
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => open(row)}>
                  {t('apps.action.edit')}
                </Button>
                <Popconfirm title={t('apps.confirm.delete')} okText={t('apps.action.delete')} cancelText={t('apps.action.cancel')} onConfirm={() => remove(row)}>
                  <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                    {t('apps.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'apps.dialog.add' : 'apps.dialog.edit', { name: t(title) })}
        onCancel={() => setEditing(null)}
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
          onValuesChange={(changed: Record<string, unknown>) => form.setFields(Object.keys(changed).filter((n) => shown.current.has(n)).map((n) => ({ name: n, errors: [] })))}
        >
          {fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(f.label)} required={f.required} extra={f.extra ? t(f.extra) : undefined} valuePropName={f.kind === 'switch' ? 'checked' : 'value'}>
              {fieldInput(f, t)}
            </Form.Item>
          ))}
          {extraForm?.(form)}
        </Form>
      </Modal>
    </Card>
  );
}

function fieldInput(f: FieldDef, t: (key: LabelKey) => string): ReactNode {
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
