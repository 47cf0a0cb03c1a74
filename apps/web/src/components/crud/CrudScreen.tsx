import { dataCells } from '@/lib/data-text';
import { useState, type ComponentType, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Space, Table } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { APPS_LIMITS, type Lang } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { messageText as catalogue, type Words } from '@/lib/i18n';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { crudApi, type CrudPaths } from './crud-api';
import { searchCheck, type FormCheck } from './checks';
import { useCrudWords, type CrudLabelKey } from './i18n';
import './crud.css';
import type { CrudDialogProps, FieldDef } from './CrudDialog';
import { Pager } from '@/components/paging';

/** The add/edit dialog (antd's Modal and Form, the number and switch inputs) loads when first opened. */
const CrudDialog = lazyDialog(() => import('./CrudDialog').then((m) => m.CrudDialog as ComponentType<CrudDialogProps<string>>));

export interface ColumnDef<R, L extends string = never> {
  key: string;
  label: L | CrudLabelKey;
  width?: number | string;
  render?: (row: R, lang: Lang) => ReactNode;
  /** The column shows data as written (names, words, aliases), not labels to translate. */
  data?: boolean;
}

/** A list screen's props; `L` is the label keys of the area's words (its hook loads them with the screen). */
export interface CrudScreenProps<R extends { id: number }, L extends string = never> {
  /** The area's words, whose label keys `L` are: named here so they are loaded with the screen. */
  words: Words;
  title: L;
  /** One record's name, in the add and edit dialogs' titles (新增药品, Add medicine). */
  item: L;
  /** The query-key and test-id name of the entity. */
  entity: string;
  paths: CrudPaths;
  /** The form's checks (the server's create schema and the entity's rules), loaded on the first save. */
  checks: FormCheck;
  columns: ColumnDef<R, L>[];
  fields?: FieldDef<L>[];
  /** Form items beyond `fields` (lists, pickers): a lazy component, loaded with the dialog. */
  extraFields?: ComponentType;
  defaults: Record<string, unknown>;
  toForm?: (row: R) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  searchPlaceholder: L;
  /** Runs after a save or a deletion (other screens' data). */
  onChanged?: () => void;
  /** Opens the editor elsewhere instead of the dialog. */
  onEdit?: (row: R | null) => void;
  modalWidth?: number;
}

/**
 * The list-and-form screen of a simple entity: search (at most five words), paging, add and
 * edit in a dialog checked with the server's schema, delete after confirmation. A refusal
 * from the server shows at the field it names. The dialog and the checks load when first used.
 */
export function CrudScreen<R extends { id: number }, L extends string = never>(props: CrudScreenProps<R, L>) {
  const { title, item, entity, paths, checks, columns, fields, extraFields, defaults, toForm, toBody, searchPlaceholder, onChanged, onEdit, modalWidth } =
    props;
  const words = useCrudWords();
  const { lang } = words;
  // The area's keys: its words are loaded by the screen that shows this list.
  const t = words.t as (key: L | CrudLabelKey, params?: Record<string, string | number>) => string;
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState<{ page: number; size: number; search: string }>({ page: 1, size: APPS_LIMITS.pageSizeDefault, search: '' });
  // What the dialog edits: the row (null for a new one) and the form's starting values, set when it opens.
  const [editing, setEditing] = useState<{ row: R | null; values: Record<string, unknown> } | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const [searchError, setSearchError] = useState<string>();
  const list = useQuery({ queryKey: ['apps', entity, query], queryFn: () => crudApi.list<R>(paths, query), placeholderData: keepPreviousData });

  const changed = async () => {
    await client.invalidateQueries({ queryKey: ['apps', entity] });
    onChanged?.();
  };
  const open = (row: R | null) => {
    if (onEdit) return onEdit(row);
    setEditing({ row, values: row ? (toForm ? toForm(row) : (row as unknown as Record<string, unknown>)) : defaults });
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
  const search = async (text: string) => {
    const error = (await searchCheck({ search: text }, lang)).search;
    setSearchError(error);
    if (!error) setQuery((current) => ({ ...current, page: 1, search: text.trim() }));
  };

  return (
    <Card className="fp-apps-screen" title={t(title)} data-screen={entity}>
      <div className="fp-apps-toolbar">
        <Input.Search
          allowClear
          placeholder={t(searchPlaceholder)}
          className="fp-apps-search"
          status={searchError ? 'error' : undefined}
          onSearch={(text) => void search(text)}
          aria-label={t('apps.search')}
        />
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
        pagination={false}
        columns={[
          ...columns.map((c) => ({
            key: c.key,
            title: t(c.label),
            width: c.width,
            ...(c.data ? dataCells : {}),
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
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  question={t('apps.confirm.delete')}
                  okText={t('apps.action.delete')}
                  onConfirm={() => remove(row)}
                >
                  {t('apps.action.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      <Pager
        page={{ pageNum: query.page, limitNum: query.size }}
        total={list.data?.total ?? 0}
        onChange={(next) => setQuery({ ...query, page: next.pageNum, size: next.limitNum })}
      />
      {dialogOpened ? (
        <CrudDialog
          item={item}
          paths={paths}
          checks={checks}
          fields={fields}
          extraFields={extraFields}
          toBody={toBody}
          modalWidth={modalWidth}
          editingId={editing?.row?.id}
          values={editing?.values ?? null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void changed();
          }}
        />
      ) : null}
    </Card>
  );
}
