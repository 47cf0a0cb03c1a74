import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Input, Modal, Radio, Space, Typography } from 'antd';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { CUSTOMERS_LIMITS, type TagRow } from '@field-portal/shared';
import { customersApi } from '../api/customers-api';

const { Text } = Typography;

/** Create or rename a tag. */
export function TagForm({ tag, onClose, mayShare }: { tag: TagRow | null; onClose: () => void; mayShare: boolean }) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [name, setName] = useState(tag?.name ?? '');
  const [shared, setShared] = useState(tag?.shared ?? false);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      if (tag) await customersApi.renameTag(tag.id, name.trim(), tag.color);
      else await customersApi.createTag({ name: name.trim(), shared });
      void message.success(t('customers.tags.saved'));
      await client.invalidateQueries({ queryKey: ['customers'] });
      onClose();
    } catch (failure) {
      setProblem(describeFailure(failure, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(tag ? 'customers.tags.rename' : 'customers.tags.create')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          aria-label={t('customers.tags.name')}
          placeholder={t('customers.tags.name')}
          value={name}
          maxLength={CUSTOMERS_LIMITS.tagNameMax}
          showCount
          status={problem ? 'error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {tag || !mayShare ? null : (
          <Radio.Group
            value={shared}
            onChange={(e) => setShared(Boolean(e.target.value))}
            options={[
              { value: false, label: t('customers.tags.personal') },
              { value: true, label: t('customers.tags.shared') },
            ]}
          />
        )}
        {problem ? <Text type="danger">{problem}</Text> : null}
      </Space>
    </Modal>
  );
}
