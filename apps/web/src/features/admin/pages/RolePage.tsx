import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Space, Table, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem, RoleRequest } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useAdminWords } from '@/features/admin/i18n';
import { menuListQuery } from '@/lib/session/queries';
import { adminApi, compact } from '../api/admin-api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { orgOptions, orgTreeQuery } from '../tree-queries';
import '../admin.css';
import { Pager } from '@/components/paging';

type Editing = { id?: number; values: Partial<RoleRequest> };

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const RoleDialog = lazyDialog(() => import('../components/RoleDialog').then((m) => m.RoleDialog));

/** /system/role: roles, their organisation, data scope, type and permissions (spec 001 sections 3 and 6). */
export function RolePage() {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 0, size: 10, keyword: '' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const list = useQuery({ queryKey: ['admin', 'role', query], queryFn: () => adminApi.roleList(compact(query)), placeholderData: keepPreviousData });
  const orgs = useQuery(orgTreeQuery);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin', 'role'] });
    void client.invalidateQueries({ queryKey: menuListQuery.queryKey });
  };
  const remove = async (id: number) => {
    try {
      await adminApi.roleDelete(id);
      void message.success(msg('sys.delete.success'));
      refresh();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };
  const scopeLabel = (s: string) => t(s === 'all' ? 'admin.role.scopeAll' : 'admin.role.scopeCustom');
  const typeLabel = (s: string) => t(s === 'system' ? 'admin.role.typeSystem' : 'admin.role.typeBusiness');

  return (
    <Card className="fp-admin-screen" title={t('admin.role.title')}>
      <div className="fp-admin-toolbar">
        <Input.Search allowClear placeholder={t('admin.role.search')} style={{ width: 280 }} onSearch={(keyword) => setQuery({ ...query, page: 0, keyword })} />
        <span className="fp-admin-spacer" />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() =>
            setEditing({ values: { name: '', nameEn: '', orgId: null, dataScope: 'all', roleType: 'business', usable: true, remark: '', menuIds: [] } })
          }
        >
          {t('admin.action.add')}
        </Button>
      </div>
      <Table<RoleItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        columns={[
          { title: t('admin.role.name'), dataIndex: 'name', ...dataCells },
          { title: t('admin.role.nameEn'), dataIndex: 'nameEn' },
          { title: t('admin.role.org'), dataIndex: 'orgName', ...dataCells },
          {
            title: t('admin.role.dataScope'),
            dataIndex: 'dataScope',
            render: (v: string) => <Tag color={v === 'all' ? 'blue' : 'orange'}>{scopeLabel(v)}</Tag>,
          },
          { title: t('admin.role.roleType'), dataIndex: 'roleType', render: typeLabel },
          { title: t('admin.role.appKey'), dataIndex: 'appKey', render: (v: string) => (v ? <Tag>{v}</Tag> : <span className="fp-admin-muted">—</span>) },
          {
            title: t('admin.role.usable'),
            dataIndex: 'usable',
            render: (v: boolean) => (v ? <Tag color="green">{t('admin.yes')}</Tag> : <Tag>{t('admin.no')}</Tag>),
          },
          { title: t('admin.role.users'), dataIndex: 'userCount', width: 80 },
          {
            title: t('admin.col.actions'),
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing({ id: row.id, values: { ...row } })}>
                  {t('admin.action.edit')}
                </Button>
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  question={t('admin.confirm.deleteNamed', { name: row.name })}
                  detail={t('admin.role.deleteHint', { count: row.userCount })}
                  onConfirm={() => remove(row.id)}
                >
                  {t('admin.action.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      <Pager
        page={{ pageNum: query.page + 1, limitNum: query.size }}
        total={list.data?.total ?? 0}
        onChange={(next) => setQuery({ ...query, page: next.pageNum - 1, size: next.limitNum })}
      />
      {dialogOpened ? (
        <RoleDialog
          editing={editing}
          orgOptions={orgOptions(orgs.data, lang)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
