import { Form, Input, Select } from 'antd';
import type { LangEntry, LangRequest } from '@field-portal/shared';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi } from '../api/admin-api';
import { EntityModal } from './EntityModal';
import { languageOptions } from '@/components/LanguageName';

/** Adds or edits one entry of the text catalogue (the language screen loads this module when first opened). */
export function LangDialog({ editing, onClose, onSaved }: { editing: Partial<LangEntry> | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useAdminWords();
  return (
    <EntityModal<LangRequest>
      open={editing !== null}
      title={editing?.id ? t('admin.lang.edit') : t('admin.lang.add')}
      initialValues={{ langType: editing?.langType ?? 'zh', key: editing?.key ?? '', content: editing?.content ?? '' }}
      checks="lang"
      labels={{ key: t('admin.lang.key'), content: t('admin.lang.content'), langType: t('admin.lang.langType') }}
      onSubmit={(body) => adminApi.langSave(body as LangRequest, editing?.id)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="langType" label={t('admin.lang.langType')} required>
        <Select options={languageOptions()} />
      </Form.Item>
      <Form.Item name="key" label={t('admin.lang.key')} required extra={t('admin.lang.keyHint')}>
        <Input placeholder="sys.user.save.success" />
      </Form.Item>
      <Form.Item name="content" label={t('admin.lang.content')} required extra={t('admin.lang.contentHint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </EntityModal>
  );
}
