import { RoleTag, roleName } from '@/lib/role-name';
import { DATA } from '@/lib/data-text';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Select, Space, Switch, Table, Tabs } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_LIMITS, USER_TYPES, type UserCreateRequest, type UserItem } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi, compact } from '../api/admin-api';
import { AuditLog } from '../components/AuditLog';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { orgOptions, orgTreeQuery } from '../tree-queries';
import '../admin.css';
import { Pager } from '@/components/paging';

type Editing = { id?: number; values: Partial<UserCreateRequest> };

const BLANK: Partial<UserCreateRequest> = {
  username: '',
  realName: '',
  company: '',
  department: '',
  phone: '',
  mobile: '',
  language: 'zh',
  employeeNo: '',
  email: '',
  enabled: true,
  userType: 'internal',
  orgId: null,
  roleIds: [],
  newPassword: '',
  confirmPassword: '',
};

function UserList() {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 0, size: 10, keyword: '', enabled: '', userType: '' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const list = useQuery({ queryKey: ['admin', 'user', query], queryFn: () => adminApi.userList(compact(query)), placeholderData: keepPreviousData });
  const roles = useQuery({ queryKey: ['admin', 'role', 'options'], queryFn: adminApi.roleOptions });
  const roleById = new Map((roles.data ?? []).map((role) => [role.id, role]));
  const orgs = useQuery(orgTreeQuery);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'user'] });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      refresh();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };
  /** One user's invitation (docs/decisions/0072): what became of it, in words. */
  const invite = async (row: UserItem) => {
    try {
      const [result] = (await adminApi.userInvite([row.id])).results;
      const name = row.realName || row.username;
      if (result?.status === 'sent') void message.success(t('admin.invite.sent', { email: row.email }));
      else if (result?.status === 'outbox') void message.warning(t('admin.invite.outbox'));
      else if (result?.status === 'noEmail') void message.warning(t('admin.invite.noEmail', { name }));
      else if (result?.status === 'disabled') void message.warning(t('admin.invite.disabled', { name }));
      else if (result?.status === 'failed') void message.error(t('admin.invite.failed', { email: row.email }));
      else refresh();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };
  const typeLabel = (v: string) => t(v === 'system' ? 'admin.user.typeSystem' : 'admin.user.typeInternal');

  return (
    <>
      <div className="fp-admin-toolbar">
        <Input.Search allowClear placeholder={t('admin.user.search')} style={{ width: 340 }} onSearch={(keyword) => setQuery({ ...query, page: 0, keyword })} />
        <Select
          aria-label={t('admin.user.enabled')}
          style={{ width: 130 }}
          value={query.enabled}
          onChange={(enabled) => setQuery({ ...query, page: 0, enabled })}
          options={[
            { value: '', label: t('admin.user.allStates') },
            { value: 'true', label: t('admin.user.enabled') },
            { value: 'false', label: t('admin.user.disabled') },
          ]}
        />
        <Select
          aria-label={t('admin.user.userType')}
          style={{ width: 150 }}
          value={query.userType}
          onChange={(userType) => setQuery({ ...query, page: 0, userType })}
          options={[{ value: '', label: t('admin.user.allTypes') }, ...USER_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))]}
        />
        <span className="fp-admin-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ values: BLANK })}>
          {t('admin.action.add')}
        </Button>
      </div>
      <Table<UserItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        // Every column in view at 1366 px beside both menus (decision 0057): the login name over the real name and the
        // organisation over the department, each in one column; a narrower window scrolls between the name and the actions.
        scroll={{ x: lang === 'en' ? 975 : 885 }}
        pagination={false}
        columns={[
          {
            title: <TwoLines first={t('admin.user.username')} second={t('admin.user.realName')} />,
            key: 'username',
            fixed: 'left',
            width: 130,
            render: (_, row) => <TwoLines first={row.username} second={row.realName} data="second" />,
          },
          // The organisation a user belongs to (as the dialog and the import set it), over the free-text department.
          {
            title: <TwoLines first={t('admin.user.org')} second={t('admin.user.department')} />,
            key: 'org',
            width: 140,
            render: (_, row) => <TwoLines first={row.orgName} second={row.department} data="both" />,
          },
          { title: t('admin.user.mobile'), dataIndex: 'mobile', width: 115 },
          { title: t('admin.user.userType'), dataIndex: 'userType', width: lang === 'en' ? 140 : 100, render: typeLabel },
          {
            title: t('admin.user.roles'),
            dataIndex: 'roleNames',
            // wide enough for one English name ("Sales representative"); more roles wrap
            width: 170,
            render: (names: string[], row) => (
              <div className="fp-admin-role-tags">
                {names.map((name, i) => (
                  <RoleTag key={name} lang={lang} role={roleById.get(row.roleIds[i] ?? 0) ?? { name, nameEn: '' }} />
                ))}
              </div>
            ),
          },
          {
            title: t('admin.user.loginAllowed'),
            dataIndex: 'enabled',
            width: lang === 'en' ? 100 : 80,
            render: (enabled: boolean, row) => (
              <Switch
                size="small"
                checked={enabled}
                aria-label={t('admin.user.loginAllowed')}
                onChange={(next) => void act(() => adminApi.userEnabled(row.id, next), msg('sys.save.success'))}
              />
            ),
          },
          {
            title: t('admin.col.actions'),
            width: lang === 'en' ? 180 : 150,
            // in view at any width, as the menu screen's (decision 0057): the columns between scroll
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing({ id: row.id, values: { ...row, newPassword: '', confirmPassword: '' } })}>
                  {t('admin.action.edit')}
                </Button>
                <ConfirmButton
                  size="small"
                  type="link"
                  question={t('admin.action.invite')}
                  detail={t('admin.confirm.invite', { email: row.email || '—', days: ADMIN_LIMITS.inviteDays })}
                  onConfirm={() => invite(row)}
                >
                  {t('admin.action.invite')}
                </ConfirmButton>
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  question={t('admin.confirm.deleteNamed', { name: row.username })}
                  detail={t('admin.confirm.cannotUndo')}
                  onConfirm={() => act(() => adminApi.userDelete(row.id), msg('sys.delete.success'))}
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
        <UserDialog
          editing={editing}
          orgOptions={orgOptions(orgs.data, lang)}
          roleOptions={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r, lang).text }))}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const UserDialog = lazyDialog(() => import('../components/UserDialog').then((m) => m.UserDialog));

/** /system/user: users (spec 001 sections 3 and 5) and, on its second tab, the audit log of every administrative change. */
/**
 * Two values in one cell, the second under the first in secondary text (the real name under the
 * login name); `data` says which of them are data as written (docs/decisions/0054).
 */
function TwoLines({ first, second, data }: { first: string | null | undefined; second: string | null | undefined; data?: 'second' | 'both' }) {
  return (
    <div className="fp-admin-two-lines">
      <div {...(data === 'both' ? DATA : {})}>{first || '—'}</div>
      {second ? (
        <div className="fp-admin-second" {...(data ? DATA : {})}>
          {second}
        </div>
      ) : null}
    </div>
  );
}

export function UserPage() {
  const { t } = useAdminWords();
  return (
    <Card className="fp-admin-screen" title={t('admin.user.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'users', label: t('admin.user.tab'), children: <UserList /> },
          { key: 'audit', label: t('admin.audit.tab'), children: <AuditLog /> },
        ]}
      />
    </Card>
  );
}
