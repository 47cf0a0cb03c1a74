import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Form, Input, Modal, Radio, Select } from 'antd';
import { CUSTOMERS_LIMITS, type DoctorRow } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { formatCount } from '@/lib/format';
import { customersApi, tagsQuery } from '../api/customers-api';
import type { DoctorFilters } from '../filters';
import { EnterSaves } from '@/components/EnterSaves';

/** Whom a tag goes to: chosen doctors, or every doctor the filters match (the server applies the same filters and scope). */
export type TagTarget = { kind: 'doctors'; doctors: Pick<DoctorRow, 'id' | 'name'>[] } | { kind: 'filtered'; filters: DoctorFilters; count: string };

/** Tags the chosen doctors or the whole filtered set at once, with an existing tag or a new one. */
export function TagDialog({ target, onClose }: { target: TagTarget; onClose: (done: boolean) => void }) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const tags = useQuery(tagsQuery());
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [tagId, setTagId] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const list = tags.data ?? [];
  const group = (isShared: boolean) => list.filter((tag) => tag.shared === isShared).map((tag) => ({ value: tag.id, label: tag.name }));

  const who =
    target.kind === 'doctors'
      ? target.doctors.length <= 3
        ? target.doctors.map((d) => d.name).join('、')
        : t('customers.tags.nDoctors', { n: formatCount(target.doctors.length) })
      : t('customers.tags.allFiltered', { n: target.count });

  const save = async () => {
    setProblem(undefined);
    setSaving(true);
    try {
      const id = mode === 'existing' ? tagId : (await customersApi.createTag({ name: name.trim(), shared })).id;
      if (id === undefined) {
        setProblem(t('customers.tags.pickOne'));
        return;
      }
      const result =
        target.kind === 'doctors'
          ? await customersApi.tagDoctors(
              id,
              target.doctors.map((d) => d.id),
            )
          : await customersApi.tagFiltered(id, target.filters);
      void message.success(t('customers.tags.done', { n: formatCount(result.doctors) }));
      await client.invalidateQueries({ queryKey: ['customers'] });
      onClose(true);
    } catch (failure) {
      setProblem(describeFailure(failure, lang));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('customers.tags.dialogTitle')}
      okText={t('customers.tags.apply')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={t('customers.tags.who')}>
          <strong>{who}</strong>
        </Form.Item>
        <Form.Item>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as 'existing' | 'new')}
            options={[
              { value: 'existing', label: t('customers.tags.existing') },
              { value: 'new', label: t('customers.tags.new') },
            ]}
          />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item label={t('customers.tags.tag')} required>
            <Select
              aria-label={t('customers.tags.tag')}
              showSearch={{ optionFilterProp: 'label' }}
              value={tagId}
              onChange={setTagId}
              loading={tags.isLoading}
              options={[
                { label: t('customers.tags.personal'), options: group(false) },
                { label: t('customers.tags.shared'), options: group(true) },
              ]}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('customers.tags.name')} required>
              <Input
                aria-label={t('customers.tags.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={CUSTOMERS_LIMITS.tagNameMax}
                showCount
              />
            </Form.Item>
            <Form.Item label={t('customers.tags.visibility')}>
              <Radio.Group
                value={shared}
                onChange={(e) => setShared(Boolean(e.target.value))}
                options={[
                  { value: false, label: t('customers.tags.personal') },
                  { value: true, label: t('customers.tags.shared') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}
