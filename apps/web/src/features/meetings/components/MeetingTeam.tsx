import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { MeetingDetail, MeetingPerson } from '@field-portal/shared';
import { useMeetingsWords } from '@/features/meetings/i18n';
import { addCoOrganizer, deleteCoOrganizer, userSearchQuery } from '../api';
import { useMeetingRefresh } from './use-meeting-refresh';

/** The drawer's team tab: the owner and co-organisers; loaded when the tab is first chosen (docs/decisions/0031). */
export function MeetingTeam({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useMeetingsWords();
  const refresh = useMeetingRefresh(m.id);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number>();
  const users = useQuery({ ...userSearchQuery(keyword), enabled: m.mine });
  const people: (MeetingPerson & { owner?: boolean })[] = [{ ...m.owner, owner: true }, ...m.coOrganizers];
  const canEdit = m.mine && m.status !== 'closed' && m.status !== 'cancelled';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canEdit && (
        <Space>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            style={{ width: 280 }}
            placeholder={t('meetings.team.pick')}
            aria-label={t('meetings.team.pick')}
            value={picked}
            onChange={setPicked}
            options={(users.data ?? [])
              .filter((u) => !people.some((p) => p.userId === u.userId))
              .map((u) => ({ value: u.userId, label: `${u.name} (${u.username})` }))}
          />
          <Button
            icon={<UserAddOutlined />}
            disabled={!picked}
            onClick={async () => {
              if (!picked) return;
              await addCoOrganizer(m.id, picked);
              setPicked(undefined);
              refresh();
            }}
          >
            {t('meetings.team.add')}
          </Button>
        </Space>
      )}
      <Table<MeetingPerson & { owner?: boolean }>
        size="small"
        rowKey="userId"
        pagination={false}
        dataSource={people}
        columns={[
          { title: t('meetings.team.name'), render: (_: unknown, p) => `${p.name} (${p.username})` },
          {
            title: t('meetings.team.role'),
            render: (_: unknown, p) => (p.owner ? <Tag color="blue">{t('meetings.team.owner')}</Tag> : <Tag>{t('meetings.team.coOrganizer')}</Tag>),
          },
          {
            title: '',
            width: 60,
            render: (_: unknown, p) =>
              canEdit && !p.owner ? (
                <ConfirmButton
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('meetings.team.remove')}
                  question={t('meetings.team.confirmRemove')}
                  onConfirm={async () => {
                    await deleteCoOrganizer(m.id, p.userId);
                    refresh();
                  }}
                />
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
