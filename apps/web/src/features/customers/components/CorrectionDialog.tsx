import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Input, Modal, Select } from 'antd';
import { CUSTOMERS_LIMITS, type CorrectionChanges, type DoctorInfo } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { customersApi } from '../api/customers-api';
import type { Choice } from '../filters';
import { departmentOptions, titleOptions } from '../reference-options';
import { LazyCascader } from './LazyCascader';

/**
 * The correction form (spec 001 section 5): what is wrong with this doctor's record, and, where it
 * is the title or the department, the right value, which an administrator's acceptance applies.
 */
export function CorrectionDialog({ doctor, onClose }: { doctor: Pick<DoctorInfo, 'id' | 'name' | 'titleCode'>; onClose: () => void }) {
  const { t, lang, msg } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const [title, setTitle] = useState<string | undefined>();
  const [department, setDepartment] = useState<Choice[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const loadDepartment = useCallback((_depth: number, parent: string | null) => Promise.resolve(departmentOptions(lang, parent)), [lang]);

  const send = async () => {
    if (!content.trim()) {
      setProblem(msg('customers.correction.contentRequired'));
      return;
    }
    const changes: CorrectionChanges = {};
    if (title) changes.titleCode = title;
    if (department[0]) {
      changes.dept1Code = department[0].value;
      changes.dept2Code = department[1]?.value ?? null;
    }
    setSaving(true);
    try {
      await customersApi.sendCorrection(doctor.id, content.trim(), changes);
      void message.success(t('customers.correction.sent'));
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
      title={t('customers.correction.title', { name: doctor.name })}
      okText={t('customers.correction.send')}
      confirmLoading={saving}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="fp-cust-muted">{t('customers.correction.hint')}</p>
      <Form layout="vertical">
        <Form.Item label={t('customers.correction.content')} required validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input.TextArea
            aria-label={t('customers.correction.content')}
            rows={4}
            maxLength={CUSTOMERS_LIMITS.correctionContentMax}
            showCount
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (problem) setProblem(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label={t('customers.correction.newTitle')} extra={t('customers.correction.optional')}>
          <Select
            aria-label={t('customers.correction.newTitle')}
            allowClear
            value={title}
            onChange={setTitle}
            options={titleOptions(lang).filter((o) => o.value !== doctor.titleCode)}
          />
        </Form.Item>
        <Form.Item label={t('customers.correction.newDepartment')} extra={t('customers.correction.optional')}>
          <LazyCascader
            key={lang}
            levels={2}
            load={loadDepartment}
            value={department}
            onChange={setDepartment}
            ariaLabel={t('customers.correction.newDepartment')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
