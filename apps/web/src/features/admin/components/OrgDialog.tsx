import { Form, Input, InputNumber, TreeSelect } from 'antd';
import type { OrgRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import type { treeOptions } from '../form-rules';
import { EntityModal } from './EntityModal';

/** Adds or edits one organisation (the organisation screen loads this module when first opened). */
export function OrgDialog({
  editing,
  parentOptions,
  onClose,
  onSaved,
}: {
  editing: { id?: number; values: Partial<OrgRequest> } | null;
  parentOptions: ReturnType<typeof treeOptions>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  return (
    <EntityModal<OrgRequest>
      open={editing !== null}
      title={editing?.id ? t('admin.org.edit') : t('admin.org.add')}
      initialValues={editing?.values ?? {}}
      checks="org"
      labels={{ name: t('admin.org.name'), nameEn: t('admin.org.nameEn'), code: t('admin.org.code'), type: t('admin.org.type'), leader: t('admin.org.leader') }}
      toBody={(v) => ({
        name: v.name,
        nameEn: v.nameEn,
        code: v.code,
        type: v.type,
        grade: v.grade,
        sort: v.sort,
        leader: v.leader,
        parentId: v.parentId ?? null,
      })}
      onSubmit={(body) => adminApi.orgSave(body as OrgRequest, editing?.id)}
      onClose={onClose}
      onSaved={onSaved}
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
          <TreeSelect allowClear treeDefaultExpandAll treeData={parentOptions} placeholder={t('admin.org.noParent')} />
        </Form.Item>
        <Form.Item name="leader" label={t('admin.org.leader')}>
          <Input />
        </Form.Item>
      </div>
    </EntityModal>
  );
}
