import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import type { MenuRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import type { treeOptions } from '../form-rules';
import { EntityModal } from './EntityModal';

/** Adds or edits one menu entry (the menu screen loads this module when first opened). */
export function MenuDialog({
  editing,
  parentOptions,
  onClose,
  onSaved,
}: {
  editing: { id?: number; values: Partial<MenuRequest> } | null;
  parentOptions: ReturnType<typeof treeOptions>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  return (
    <EntityModal<MenuRequest>
      open={editing !== null}
      title={editing?.id ? t('admin.menu.edit') : t('admin.menu.add')}
      initialValues={editing?.values ?? {}}
      checks="menu"
      labels={{
        name: t('admin.menu.nameZh'),
        nameEn: t('admin.menu.nameEn'),
        path: t('admin.menu.path'),
        router: t('admin.menu.router'),
        code: t('admin.menu.code'),
        link: t('admin.menu.link'),
      }}
      width={640}
      toBody={(v) => ({
        name: v.name,
        nameEn: v.nameEn,
        path: v.path,
        router: v.router,
        code: v.code,
        link: v.link,
        sort: v.sort,
        visible: v.visible,
        hidden: v.hidden,
        icon: v.icon,
        parentId: v.parentId ?? null,
      })}
      onSubmit={(body) => adminApi.menuSave(body as MenuRequest, editing?.id)}
      onClose={onClose}
      onSaved={onSaved}
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
          <TreeSelect allowClear treeData={parentOptions} placeholder={t('admin.org.noParent')} showSearch treeNodeFilterProp="title" />
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
  );
}
