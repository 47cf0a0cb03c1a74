import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useCustomersWords } from '@/features/customers/i18n';
import { tagsQuery } from '../api/customers-api';
import type { Choice } from '../filters';

/** The caller's tags, shared ones and personal ones in two groups. */
export function TagPicker({ value, onChange }: { value: Choice[]; onChange: (c: Choice[]) => void }) {
  const { t } = useCustomersWords();
  const tags = useQuery(tagsQuery());
  const list = tags.data ?? [];
  const group = (shared: boolean) => list.filter((tag) => tag.shared === shared).map((tag) => ({ value: String(tag.id), label: tag.name }));
  const label = t('customers.filter.tag');
  return (
    <Select
      className="fp-cust-filter"
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={tags.isLoading}
      options={[
        { label: t('customers.tags.shared'), options: group(true) },
        { label: t('customers.tags.personal'), options: group(false) },
      ]}
      value={value[0]?.value}
      onChange={(v: string | undefined, option) =>
        onChange(v === undefined || !option || Array.isArray(option) ? [] : [{ value: v, label: String(option.label) }])
      }
    />
  );
}
