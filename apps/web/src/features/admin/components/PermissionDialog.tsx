import { Form, Radio, Select } from 'antd';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PERMISSION_TYPES, type PermissionRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi, compact } from '../api/admin-api';
import { EntityModal } from './EntityModal';

/** A picker whose options come from a search the server answers (the typed words are not filtered again here). */
const SEARCHED_ON_SERVER = { showSearch: true, filterOption: false } as const;

/** The user picker: a search over the users list. */
// `id` comes from the form item, so that the item's label names the picker.
function UserPicker({ id, value, onChange }: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const { t } = useAdminWords();
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['admin', 'user', 'pick', keyword],
    queryFn: () => adminApi.userList(compact({ page: 0, size: 20, keyword })),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      {...SEARCHED_ON_SERVER}
      id={id}
      value={value}
      onChange={onChange}
      onSearch={setKeyword}
      placeholder={t('admin.perm.pickUser')}
      options={(users.data?.content ?? []).map((u) => ({ value: u.id, label: `${u.username}${u.realName ? ` (${u.realName})` : ''}` }))}
    />
  );
}

/** The value picker: a hospital (by name, stored as its id) or a province. */
function ValuePicker({ id, type, value, onChange }: { id?: string; type: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useAdminWords();
  const [keyword, setKeyword] = useState('');
  const hospitals = useQuery({
    queryKey: ['admin', 'hospitals', keyword],
    queryFn: () => adminApi.hospitals(keyword),
    enabled: type === 'hospital',
    placeholderData: keepPreviousData,
  });
  const provinces = useQuery({ queryKey: ['admin', 'provinces'], queryFn: adminApi.provinces, enabled: type === 'province' });
  if (type === 'province') {
    return (
      <Select
        id={id}
        showSearch
        value={value}
        onChange={onChange}
        placeholder={t('admin.perm.pickProvince')}
        options={(provinces.data ?? []).map((p) => ({ value: p, label: p }))}
      />
    );
  }
  return (
    <Select
      {...SEARCHED_ON_SERVER}
      id={id}
      value={value}
      onChange={onChange}
      onSearch={setKeyword}
      placeholder={t('admin.perm.pickHospital')}
      options={(hospitals.data?.content ?? []).map((h) => ({ value: String(h.id), label: `${h.name} · ${h.province}` }))}
    />
  );
}

/** Grants one user a view right on a hospital or a province (the rights screen loads this module when first opened). */
export function PermissionDialog({
  open,
  type,
  onType,
  onClose,
  onSaved,
}: {
  open: boolean;
  type: string;
  onType: (type: string) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  const typeLabel = (v: string) => t(v === 'hospital' ? 'admin.perm.typeHospital' : 'admin.perm.typeProvince');
  return (
    <EntityModal<PermissionRequest>
      open={open}
      title={t('admin.perm.add')}
      initialValues={{ permissionType: 'province' }}
      checks="permission"
      labels={{ userId: t('admin.perm.user'), permissionValue: t('admin.perm.value'), permissionType: t('admin.perm.type') }}
      onSubmit={(body) => adminApi.permissionCreate(body as PermissionRequest)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="userId" label={t('admin.perm.user')} required>
        <UserPicker />
      </Form.Item>
      <Form.Item name="permissionType" label={t('admin.perm.type')} required>
        <Radio.Group options={PERMISSION_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} onChange={(e) => onType(String(e.target.value))} />
      </Form.Item>
      <Form.Item name="permissionValue" label={t('admin.perm.value')} required>
        <ValuePicker type={type} />
      </Form.Item>
    </EntityModal>
  );
}
