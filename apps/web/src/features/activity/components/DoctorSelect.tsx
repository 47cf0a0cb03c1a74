import { useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { DATA } from '@/lib/data-text';
import { searchDoctors } from '../api';

/** Picks doctors within the caller's scope by name (one, or many with `multiple`). */
/** `id` comes from the form item, so that the item's label names the field. */
export function DoctorSelect({
  id,
  value,
  onChange,
  multiple,
  style,
}: {
  id?: string;
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  multiple?: boolean;
  style?: CSSProperties;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['activity', 'doctors', keyword], queryFn: () => searchDoctors(keyword) });
  return (
    <Select<number | number[]>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      mode={multiple ? 'multiple' : undefined}
      style={style}
      value={value}
      onChange={(next) => onChange?.(next)}
      loading={found.isFetching}
      options={(found.data ?? []).map((d) => ({ value: d.id, label: <span {...DATA}>{d.hospitalName ? `${d.name} · ${d.hospitalName}` : d.name}</span> }))}
      data-testid="doctor-select"
    />
  );
}
