import { useNavigate } from 'react-router';
import { Tag } from 'antd';
import { API, type MessageGroupRecord } from '@field-portal/shared';
import { CrudScreen } from '@/components/crud';
import { adminWords, type AdminLabelKey } from '../i18n';
import { settingsChecks } from '../checks-on-save';
import { EDIT_PATH } from './message-paths';
import '@/components/crud/crud.css';

/** /system/messageManger: message groups; adding or editing opens /system/messageEdit. */
export function MessageGroupPage() {
  const navigate = useNavigate();
  return (
    <CrudScreen<MessageGroupRecord, AdminLabelKey>
      words={adminWords}
      title="apps.group.title"
      item="apps.item.group"
      entity="messageGroup"
      paths={API.apps.messageGroup}
      checks={settingsChecks('messageGroup')}
      searchPlaceholder="apps.group.search"
      defaults={{}}
      onEdit={(row) => void navigate(row ? `${EDIT_PATH}?id=${row.id}` : EDIT_PATH)}
      columns={[
        { key: 'name', label: 'apps.group.name', data: true },
        { key: 'description', label: 'apps.group.description', data: true },
        {
          key: 'members',
          label: 'apps.group.members',
          data: true,
          render: (r) => (
            <span className="fp-apps-chips">
              {r.members.slice(0, 6).map((m) => (
                <Tag key={m.id}>{m.firstName || m.username}</Tag>
              ))}
              {r.members.length > 6 ? <Tag>+{r.members.length - 6}</Tag> : null}
            </span>
          ),
        },
      ]}
    />
  );
}
