import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { MenuNode, MenuRequest } from '@field-portal/shared';
import { localName } from '@/lib/i18n';
import { useAdminWords } from '@/features/admin/i18n';
import { menuListQuery } from '@/lib/session/queries';
import { adminApi } from '../api/admin-api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { treeActionsColumn } from '../components/tree-actions';
import { tableWidth } from '@/components/table-width';
import { menuOptions, menuTreeQuery } from '../tree-queries';
import { useTreeDelete } from '../components/use-tree-delete';
import '../admin.css';

type Editing = { id?: number; values: Partial<MenuRequest> };

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const MenuDialog = lazyDialog(() => import('../components/MenuDialog').then((m) => m.MenuDialog));

/** /system/menuManager: the menu tree (spec 001 section 3, menu administration); sign-in's menu list and the route guards follow it. */
export function MenuPage() {
  const { t, lang } = useAdminWords();
  const client = useQueryClient();
  const tree = useQuery(menuTreeQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin', 'menu'] });
    void client.invalidateQueries({ queryKey: menuListQuery.queryKey });
  };
  const confirmDelete = useTreeDelete<MenuNode>(adminApi.menuDelete, refresh);
  const blank = (parent?: MenuNode): Editing => ({
    values: {
      parentId: parent?.id ?? null,
      name: '',
      nameEn: '',
      path: parent ? `${parent.path}/` : '/',
      router: '',
      code: '',
      link: '',
      sort: 0,
      visible: true,
      hidden: false,
      icon: '',
    },
  });

  // Paths run to 48 characters and codes to 38 (about 400 and 265 px): each column is wide enough for them, the name stays
  // in view on the left and the actions on the right, and the rest scrolls sideways (decision 0057).
  const columns: TableColumnsType<MenuNode> = [
    { title: t('admin.menu.name'), key: 'name', width: 220, fixed: 'left', ellipsis: true, render: (_, n) => localName(n, lang) },
    { title: t('admin.menu.path'), dataIndex: 'path', width: 420, render: (v: string) => <code className="fp-admin-nowrap">{v}</code> },
    { title: t('admin.menu.code'), dataIndex: 'code', width: 290, render: (v: string) => (v ? <Tag>{v}</Tag> : null) },
    { title: t('admin.col.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('admin.menu.visible'),
      dataIndex: 'visible',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="green">{t('admin.yes')}</Tag> : <Tag>{t('admin.no')}</Tag>),
    },
    { title: t('admin.menu.link'), dataIndex: 'link', width: 180, ellipsis: true },
    {
      ...treeActionsColumn<MenuNode>(t, {
        addChild: (node) => setEditing(blank(node)),
        edit: (node) => setEditing({ id: node.id, values: { ...node } }),
        remove: confirmDelete,
      }),
      fixed: 'right',
    },
  ];
  return (
    <Card className="fp-admin-screen" title={t('admin.menu.title')}>
      <div className="fp-admin-toolbar">
        <span className="fp-admin-muted">{t('admin.menu.hint')}</span>
        <span className="fp-admin-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(blank())}>
          {t('admin.menu.addRoot')}
        </Button>
      </div>
      <Table<MenuNode>
        rowKey="id"
        size="small"
        loading={tree.isFetching}
        dataSource={tree.data ?? []}
        pagination={false}
        scroll={{ x: tableWidth(columns) }}
        columns={columns}
      />
      {dialogOpened ? (
        <MenuDialog
          editing={editing}
          parentOptions={menuOptions(tree.data, lang)}
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
