import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Table, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { orgRequest, type OrgNode, type OrgRequest } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { adminApi } from '../api/admin-api';
import { EntityModal } from '../components/EntityModal';
import { treeActionsColumn } from '../components/tree-actions';
import { treeOptions } from '../form-rules';
import { useTreeDelete } from '../components/use-tree-delete';
import '../admin.css';
import '@/lib/i18n/areas/admin';

type Editing = { id?: number; values: Partial<OrgRequest> };

export const orgTreeQuery = { queryKey: ['admin', 'org'], queryFn: adminApi.orgTree };

/** Tree-select options of the organisation tree. */
export const orgOptions = (nodes: OrgNode[] | undefined, lang: 'zh' | 'en') => treeOptions(nodes, lang);

/** /system/org: the organisation tree (spec 001 section 3). */
export function OrgPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const tree = useQuery(orgTreeQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'org'] });
  const confirmDelete = useTreeDelete<OrgNode>(adminApi.orgDelete, refresh);
  const blank = (parent?: OrgNode): Editing => ({ values: { parentId: parent?.id ?? null, name: '', nameEn: '', code: '', type: '', grade: parent ? parent.grade + 1 : 1, sort: 0, leader: '' } });

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
          { title: t('admin.org.name'), dataIndex: 'name' },
          { title: t('admin.org.nameEn'), dataIndex: 'nameEn' },
          { title: t('admin.org.code'), dataIndex: 'code', width: 120 },
          { title: t('admin.org.type'), dataIndex: 'type', width: 110 },
          { title: t('admin.org.grade'), dataIndex: 'grade', width: 70 },
          { title: t('admin.col.sort'), dataIndex: 'sort', width: 70 },
          { title: t('admin.org.leader'), dataIndex: 'leader', width: 110 },
          treeActionsColumn<OrgNode>(t, { addChild: (node) => setEditing(blank(node)), edit: (node) => setEditing({ id: node.id, values: { ...node } }), remove: confirmDelete }),
        ]}
      />
      <EntityModal<OrgRequest>
        open={editing !== null}
        title={editing?.id ? t('admin.org.edit') : t('admin.org.add')}
        initialValues={editing?.values ?? {}}
        schema={orgRequest}
        labels={{ name: t('admin.org.name'), nameEn: t('admin.org.nameEn'), code: t('admin.org.code'), type: t('admin.org.type'), leader: t('admin.org.leader') }}
        toBody={(v) => ({ name: v.name, nameEn: v.nameEn, code: v.code, type: v.type, grade: v.grade, sort: v.sort, leader: v.leader, parentId: v.parentId ?? null })}
        onSubmit={(body) => adminApi.orgSave(body as OrgRequest, editing?.id)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      >
        <div className="fp-admin-form-grid">
          <Form.Item name="name" label={t('admin.org.name')} required>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t('admin.org.nameEn')}>
            <Input />
          </Form.Item>
          <Form.Item name="code" label={t('admin.org.code')}>
            <Input />
          </Form.Item>
          <Form.Item name="type" label={t('admin.org.type')}>
            <Input />
          </Form.Item>
          <Form.Item name="grade" label={t('admin.org.grade')}>
            <InputNumber min={1} max={20} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sort" label={t('admin.col.sort')}>
            <InputNumber min={0} max={99999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="parentId" label={t('admin.org.parent')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={orgOptions(tree.data, lang)} placeholder={t('admin.org.noParent')} />
          </Form.Item>
          <Form.Item name="leader" label={t('admin.org.leader')}>
            <Input />
          </Form.Item>
        </div>
      </EntityModal>
    </Card>
  );
}
