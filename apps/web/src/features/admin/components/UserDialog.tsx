import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import { USER_TYPES, type UserCreateRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import type { treeOptions } from '../form-rules';
import { EntityModal } from './EntityModal';
import { languageOptions } from '@/components/LanguageName';

/** Adds or edits one user (the user screen loads this module when first opened). */
export function UserDialog({
  editing,
  orgOptions,
  roleOptions,
  onClose,
  onSaved,
}: {
  editing: { id?: number; values: Partial<UserCreateRequest> } | null;
  orgOptions: ReturnType<typeof treeOptions>;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  const isNew = !editing?.id;
  const typeLabel = (v: string) => t(v === 'system' ? 'admin.user.typeSystem' : 'admin.user.typeInternal');
  return (
    <EntityModal<UserCreateRequest>
      open={editing !== null}
      title={isNew ? t('admin.user.add') : t('admin.user.edit')}
      initialValues={editing?.values ?? {}}
      checks={isNew ? 'userCreate' : 'userUpdate'}
      labels={{
        username: t('admin.user.username'),
        realName: t('admin.user.realName'),
        company: t('admin.user.company'),
        department: t('admin.user.department'),
        phone: t('admin.user.phone'),
        employeeNo: t('admin.user.employeeNo'),
      }}
      width={720}
      toBody={(v) => {
        const body = {
          realName: v.realName,
          company: v.company,
          department: v.department,
          phone: v.phone,
          mobile: v.mobile,
          language: v.language,
          employeeNo: v.employeeNo,
          email: v.email,
          enabled: v.enabled,
          userType: v.userType,
          orgId: v.orgId ?? null,
          roleIds: v.roleIds ?? [],
          newPassword: v.newPassword ?? '',
          confirmPassword: v.confirmPassword ?? '',
        };
        return isNew ? { username: v.username, ...body } : body;
      }}
      onSubmit={(body) => (isNew ? adminApi.userCreate(body as UserCreateRequest) : adminApi.userUpdate(editing!.id!, body as never))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <div className="fp-admin-form-grid">
        <Form.Item name="username" label={t('admin.user.username')} required>
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item name="realName" label={t('admin.user.realName')}>
          <Input />
        </Form.Item>
        <Form.Item name="company" label={t('admin.user.company')}>
          <Input />
        </Form.Item>
        <Form.Item name="department" label={t('admin.user.department')}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('admin.user.phone')}>
          <Input />
        </Form.Item>
        <Form.Item name="mobile" label={t('admin.user.mobile')}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('admin.user.email')}>
          <Input />
        </Form.Item>
        <Form.Item name="employeeNo" label={t('admin.user.employeeNo')}>
          <Input />
        </Form.Item>
        <Form.Item name="language" label={t('admin.user.language')}>
          <Select options={languageOptions()} />
        </Form.Item>
        <Form.Item name="userType" label={t('admin.user.userType')}>
          <Select options={USER_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />
        </Form.Item>
        <Form.Item name="orgId" label={t('admin.user.org')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={orgOptions} />
        </Form.Item>
        <Form.Item name="enabled" label={t('admin.user.loginAllowed')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <Form.Item name="roleIds" label={t('admin.user.roles')} required>
        <Select mode="multiple" optionFilterProp="label" options={roleOptions} />
      </Form.Item>
      <div className="fp-admin-form-grid">
        <Form.Item
          name="newPassword"
          label={isNew ? t('admin.user.password') : t('admin.user.newPassword')}
          required={isNew}
          extra={isNew ? undefined : t('admin.user.passwordKeep')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('admin.user.confirmPassword')} required={isNew}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </div>
    </EntityModal>
  );
}
