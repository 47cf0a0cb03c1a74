import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { OrgNode, OrgRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { treeActionsColumn } from '../components/tree-actions';
import { orgOptions, orgTreeQuery } from '../tree-queries';
import { useTreeDelete } from '../components/use-tree-delete';
import '../admin.css';

type Editing = { id?: number; values: Partial<OrgRequest> };

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const OrgDialog = lazyDialog(() => import('../components/OrgDialog').then((m) => m.OrgDialog));

/** /system/org: the organisation tree (spec 001 section 3). */
export function OrgPage() {
  const { t, lang } = useAdminWords();
  const client = useQueryClient();
  const tree = useQuery(orgTreeQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'org'] });
  const confirmDelete = useTreeDelete<OrgNode>(adminApi.orgDelete, refresh);
  const blank = (parent?: OrgNode): Editing => ({
    values: { parentId: parent?.id ?? null, name: '', nameEn: '', code: '', type: '', grade: parent ? parent.grade + 1 : 1, sort: 0, leader: '' },
  });

  return (
    <Card className="fp-admin-screen" title={t('admin.org.title')}>
      <div className="fp-admin-toolbar">
        <span className="fp-admin-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(blank())}>
          {t('admin.org.addRoot')}
        </Button>
      </div>
      <Table<OrgNode>
        rowKey="id"
        size="middle"
        loading={tree.isFetching}
        dataSource={tree.data ?? []}
        pagination={false}
        expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
        key={tree.dataUpdatedAt}
        columns={[
          { title: t('admin.org.name'), dataIndex: 'name', ...dataCells },
          { title: t('admin.org.nameEn'), dataIndex: 'nameEn' },
          { title: t('admin.org.code'), dataIndex: 'code', width: 120 },
          { title: t('admin.org.type'), dataIndex: 'type', width: 110, ...dataCells },
          { title: t('admin.org.grade'), dataIndex: 'grade', width: 70 },
          { title: t('admin.col.sort'), dataIndex: 'sort', width: 70 },
          { title: t('admin.org.leader'), dataIndex: 'leader', width: 110 },
          treeActionsColumn<OrgNode>(t, {
            addChild: (node) => setEditing(blank(node)),
            edit: (node) => setEditing({ id: node.id, values: { ...node } }),
            remove: confirmDelete,
          }),
        ]}
      />
      {dialogOpened ? (
        <OrgDialog
          editing={editing}
          parentOptions={orgOptions(tree.data, lang)}
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
