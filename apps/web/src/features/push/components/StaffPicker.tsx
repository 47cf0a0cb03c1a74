import { useEffect, useState } from 'react';
import { DATA } from '@/lib/data-text';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import type { PushReceiver } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';
import { searchDirectory } from '../api/push-api';

const SEARCH_DELAY_MS = 300;

interface StaffPickerProps {
  value?: PushReceiver[];
  onChange?: (next: PushReceiver[]) => void;
  id?: string;
}

/** Named staff (scope 2): several people picked through the employee directory search (spec 000 section 7). */
export function StaffPicker({ value = [], onChange, id }: StaffPickerProps) {
  const { t } = usePushWords();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const directory = useQuery({
    queryKey: ['push', 'directory', search],
    queryFn: () => searchDirectory(search),
    enabled: search.length > 0,
    staleTime: 60_000,
  });
  const options = (directory.data?.lists ?? []).map((entry) => ({
    value: entry.no,
    label: `${entry.name} (${entry.no})`,
    name: entry.name,
    email: entry.email,
  }));
  const names = new Map(value.map((r) => [r.receiverId, r.receiverName]));
  for (const option of options) names.set(option.value, option.name);

  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text, autoClearSearchValue: false }}
      aria-label={t('push.dialog.namedSearch')}
      placeholder={t('push.dialog.namedPlaceholder')}
      value={value.map((r) => r.receiverId)}
      loading={directory.isFetching}
      notFoundContent={search ? (directory.isFetching ? t('common.loading') : t('push.dialog.namedNone')) : t('push.dialog.namedHint')}
      options={options.map(({ value: no, label, email }) => ({
        value: no,
        label,
        title: email,
      }))}
      optionRender={(option) => (
        <div className="fp-push-staff-option">
          <span {...DATA}>{String(option.label)}</span>
          <span className="fp-push-muted">{String(option.data.title ?? '')}</span>
        </div>
      )}
      tagRender={({ value: no, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} className="fp-push-staff-tag">
          <span {...DATA}>{`${names.get(String(no)) || String(no)} (${String(no)})`}</span>
        </Tag>
      )}
      onChange={(ids: string[]) => {
        onChange?.(ids.map((no) => ({ receiverId: no, receiverName: names.get(no) ?? '' })));
      }}
      style={{ width: '100%' }}
      maxTagCount={30}
    />
  );
}
