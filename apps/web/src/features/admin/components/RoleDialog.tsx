import { Form, Input, Radio, Select, Switch, Tree, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DATA_SCOPES, ROLE_TYPES, type RoleRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import type { treeOptions } from '../form-rules';
import { menuOptions, menuTreeQuery } from '../tree-queries';
import { EntityModal } from './EntityModal';

/** The permissions field: the menu tree with check boxes; the value is the checked menu ids. */
function MenuChecklist({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const { lang } = useAdminWords();
  const tree = useQuery(menuTreeQuery);
  return (
    <div className="fp-admin-menu-tree" data-testid="role-menu-tree">
      <Tree
        checkable
        selectable={false}
        defaultExpandedKeys={[]}
        treeData={menuOptions(tree.data, lang)}
        checkedKeys={value ?? []}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(Number))}
      />
    </div>
  );
}

/** Adds or edits one role with its permissions (the role screen loads this module when first opened). */
export function RoleDialog({
  editing,
  orgOptions,
  onClose,
  onSaved,
}: {
  editing: { id?: number; values: Partial<RoleRequest> } | null;
  orgOptions: ReturnType<typeof treeOptions>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  const scopeLabel = (s: string) => t(s === 'all' ? 'admin.role.scopeAll' : 'admin.role.scopeCustom');
  const typeLabel = (s: string) => t(s === 'system' ? 'admin.role.typeSystem' : 'admin.role.typeBusiness');
  return (
    <EntityModal<RoleRequest>
      open={editing !== null}
      title={editing?.id ? t('admin.role.edit') : t('admin.role.add')}
      initialValues={editing?.values ?? {}}
      checks="role"
      labels={{ name: t('admin.role.name'), nameEn: t('admin.role.nameEn'), remark: t('admin.role.remark') }}
      width={720}
      toBody={(v) => ({
        name: v.name,
        nameEn: v.nameEn,
        orgId: v.orgId ?? null,
        dataScope: v.dataScope,
        roleType: v.roleType,
        usable: v.usable,
        remark: v.remark,
        menuIds: v.menuIds ?? [],
      })}
      onSubmit={(body) => adminApi.roleSave(body as RoleRequest, editing?.id)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <div className="fp-admin-form-grid">
        <Form.Item name="name" label={t('admin.role.name')} required>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('admin.role.nameEn')}>
          <Input />
        </Form.Item>
        <Form.Item name="orgId" label={t('admin.role.org')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={orgOptions} />
        </Form.Item>
        <Form.Item name="roleType" label={t('admin.role.roleType')}>
          <Select options={ROLE_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />
        </Form.Item>
        <Form.Item name="dataScope" label={t('admin.role.dataScope')} extra={t('admin.role.scopeHint')}>
          <Radio.Group options={DATA_SCOPES.map((v) => ({ value: v, label: scopeLabel(v) }))} />
        </Form.Item>
        <Form.Item name="usable" label={t('admin.role.usable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('admin.role.remark')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <Form.Item name="menuIds" label={t('admin.role.permissions')}>
        <MenuChecklist />
      </Form.Item>
    </EntityModal>
  );
}
