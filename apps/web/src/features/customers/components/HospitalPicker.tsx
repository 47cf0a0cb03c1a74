import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useCustomersWords } from '@/features/customers/i18n';
import { customersApi } from '../api/customers-api';
import type { Choice } from '../filters';

/** A hospital by name, pinyin or initials: the server searches, only the first matches are offered. */
export function HospitalPicker({ value, onChange, label }: { value: Choice[]; onChange: (c: Choice[]) => void; label?: string }) {
  const { t } = useCustomersWords();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['customers', 'hospital-pick', keyword],
    queryFn: () => customersApi.hospitalChoices(keyword),
    placeholderData: keepPreviousData,
  });
  const options = found.data ?? [];
  const chosen = value[0];
  const text = label ?? t('customers.filter.hospital');
  return (
    <Select
      className="fp-cust-filter fp-cust-filter-wide"
      aria-label={text}
      placeholder={text}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      options={chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options}
      value={chosen?.value}
      onChange={(v: string | undefined, option) =>
        onChange(v === undefined || !option || Array.isArray(option) ? [] : [{ value: v, label: String(option.label) }])
      }
    />
  );
}
