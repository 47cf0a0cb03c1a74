import { useState } from 'react';
import { dataOptions } from '@/components/DataText';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { departmentOrWritten, type MeetingDoctor } from '@field-portal/shared';
import { useMeetingsWords } from '@/features/meetings/i18n';
import { doctorSearchQuery } from '../api';

/** Picks doctors within the caller's data scope (by name, pinyin or initials) and invites them. */
export function DoctorPicker({ exclude, onPick }: { exclude: number[]; onPick: (doctorIds: number[]) => Promise<void> }) {
  const { t, lang } = useMeetingsWords();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [known, setKnown] = useState<Map<number, MeetingDoctor>>(new Map());
  const [busy, setBusy] = useState(false);
  const found = useQuery(doctorSearchQuery(keyword));
  const options = [...new Map([...known, ...(found.data ?? []).map((d) => [d.doctorId, d] as const)]).values()]
    .filter((d) => !exclude.includes(d.doctorId))
    .map((d) => ({ value: d.doctorId, label: `${d.name} · ${d.hospital} · ${departmentOrWritten(d.departmentCode, d.department, lang)}` }));
  return (
    <Space>
      <Select
        mode="multiple"
        style={{ minWidth: 420 }}
        placeholder={t('meetings.attendee.pick')}
        aria-label={t('meetings.attendee.pick')}
        showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
        loading={found.isFetching}
        value={picked}
        onChange={(ids: number[]) => {
          setPicked(ids);
          setKnown((m) => new Map([...m, ...(found.data ?? []).filter((d) => ids.includes(d.doctorId)).map((d) => [d.doctorId, d] as const)]));
        }}
        options={options}
        {...dataOptions}
      />
      <Button
        type="primary"
        icon={<UserAddOutlined />}
        disabled={picked.length === 0}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onPick(picked);
            setPicked([]);
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('meetings.attendee.add')}
      </Button>
    </Space>
  );
}
