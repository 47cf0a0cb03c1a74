import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Switch, Table, Tag, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { menuRequest, type MenuNode, type MenuRequest } from '@field-portal/shared';
import { localName, useI18n } from '@/lib/i18n';
import { menuListQuery } from '@/lib/session/queries';
import { adminApi } from '../api/admin-api';
import { EntityModal } from '../components/EntityModal';
import { treeActionsColumn } from '../components/tree-actions';
import { treeOptions } from '../form-rules';
import { useTreeDelete } from '../components/use-tree-delete';
import '../admin.css';
import '@/lib/i18n/areas/admin';

type Editing = { id?: number; values: Partial<MenuRequest> };

export const menuTreeQuery = { queryKey: ['admin', 'menu'], queryFn: adminApi.menuTree };

export const menuOptions = (nodes: MenuNode[] | undefined, lang: 'zh' | 'en') => treeOptions(nodes, lang);

/** /system/menuManager: the menu tree (spec 001 section 3, menu administration); sign-in's menu list and the route guards follow it. */
export function MenuPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const tree = useQuery(menuTreeQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin', 'menu'] });
    void client.invalidateQueries({ queryKey: menuListQuery.queryKey });
  };
  const confirmDelete = useTreeDelete<MenuNode>(adminApi.menuDelete, refresh);
  const blank = (parent?: MenuNode): Editing => ({
    values: { parentId: parent?.id ?? null, name: '', nameEn: '', path: parent ? `${parent.path}/` : '/', router: '', code: '', link: '', sort: 0, visible: true, hidden: false, icon: '' },
  });

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
        columns={[
          { title: t('admin.menu.name'), render: (_, n) => localName(n, lang) },
          { title: t('admin.menu.path'), dataIndex: 'path', render: (v: string) => <code className="fp-admin-nowrap">{v}</code> },
          { title: t('admin.menu.code'), dataIndex: 'code', render: (v: string) => (v ? <Tag>{v}</Tag> : null) },
          { title: t('admin.col.sort'), dataIndex: 'sort', width: 70 },
          { title: t('admin.menu.visible'), dataIndex: 'visible', width: 80, render: (v: boolean) => (v ? <Tag color="green">{t('admin.yes')}</Tag> : <Tag>{t('admin.no')}</Tag>) },
          { title: t('admin.menu.link'), dataIndex: 'link', ellipsis: true },
          treeActionsColumn<MenuNode>(t, { addChild: (node) => setEditing(blank(node)), edit: (node) => setEditing({ id: node.id, values: { ...node } }), remove: confirmDelete }),
        ]}
      />
      <EntityModal<MenuRequest>
        open={editing !== null}
        title={editing?.id ? t('admin.menu.edit') : t('admin.menu.add')}
        initialValues={editing?.values ?? {}}
        schema={menuRequest}
        labels={{ name: t('admin.menu.nameZh'), nameEn: t('admin.menu.nameEn'), path: t('admin.menu.path'), router: t('admin.menu.router'), code: t('admin.menu.code'), link: t('admin.menu.link') }}
        width={640}
        toBody={(v) => ({ name: v.name, nameEn: v.nameEn, path: v.path, router: v.router, code: v.code, link: v.link, sort: v.sort, visible: v.visible, hidden: v.hidden, icon: v.icon, parentId: v.parentId ?? null })}
        onSubmit={(body) => adminApi.menuSave(body as MenuRequest, editing?.id)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      >
        <div className="fp-admin-form-grid">
          <Form.Item name="name" label={t('admin.menu.nameZh')} required>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t('admin.menu.nameEn')}>
            <Input />
          </Form.Item>
          <Form.Item name="path" label={t('admin.menu.path')} required>
            <Input placeholder="/system/example" />
          </Form.Item>
          <Form.Item name="router" label={t('admin.menu.router')} required>
            <Input placeholder="example" />
          </Form.Item>
          <Form.Item name="code" label={t('admin.menu.code')} extra={t('admin.menu.codeHint')}>
            <Input placeholder="system:example" />
          </Form.Item>
          <Form.Item name="link" label={t('admin.menu.link')}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="parentId" label={t('admin.menu.parent')}>
            <TreeSelect allowClear treeData={menuOptions(tree.data, lang)} placeholder={t('admin.org.noParent')} showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item name="sort" label={t('admin.col.sort')}>
            <InputNumber min={0} max={99999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="visible" label={t('admin.menu.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="hidden" label={t('admin.menu.hidden')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </EntityModal>
    </Card>
  );
}
