import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Select, Table, Tag } from 'antd';
import type { AuditItem } from '@field-portal/shared';
import { useAdminWords, type AdminLabelKey } from '@/features/admin/i18n';
import { adminApi, compact } from '../api/admin-api';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';

const ENTITIES = ['user', 'role', 'menu', 'organisation', 'language', 'dataPermission'];
const ACTION_COLOURS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red', disable: 'orange', enable: 'cyan', import: 'purple' };

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The audit log (who, when, what, before and after), newest first; each row opens to its before and after. */
export function AuditLog() {
  const { t } = useAdminWords();
  const [query, setQuery] = useState({ page: 0, size: 20, keyword: '', entity: '' });
  const list = useQuery({ queryKey: ['admin', 'audit', query], queryFn: () => adminApi.auditList(compact(query)), placeholderData: keepPreviousData });
  const entityLabel = (e: string) => (ENTITIES.includes(e) ? t(`admin.audit.entity.${e}` as AdminLabelKey) : e);
  return (
    <>
      <div className="fp-admin-toolbar">
        <Input.Search
          allowClear
          placeholder={t('admin.audit.search')}
          style={{ width: 280 }}
          onSearch={(keyword) => setQuery({ ...query, page: 0, keyword })}
        />
        <Select
          aria-label={t('admin.audit.entity')}
          style={{ width: 160 }}
          value={query.entity}
          onChange={(entity) => setQuery({ ...query, page: 0, entity })}
          options={[{ value: '', label: t('admin.audit.allEntities') }, ...ENTITIES.map((e) => ({ value: e, label: entityLabel(e) }))]}
        />
      </div>
      <Table<AuditItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        expandable={{
          expandedRowRender: (row) => (
            <div className="fp-admin-diff">
              <div>
                <strong>{t('admin.audit.before')}</strong>
                <pre className="fp-admin-json">{json(row.before)}</pre>
              </div>
              <div>
                <strong>{t('admin.audit.after')}</strong>
                <pre className="fp-admin-json">{json(row.after)}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          { title: t('admin.audit.at'), dataIndex: 'at', width: 170, render: (v: string) => formatTime(v, 'second') },
          { title: t('admin.audit.actor'), dataIndex: 'actorName', width: 120 },
          { title: t('admin.audit.action'), dataIndex: 'action', width: 110, render: (v: string) => <Tag color={ACTION_COLOURS[v]}>{v}</Tag> },
          { title: t('admin.audit.entity'), dataIndex: 'entity', render: entityLabel },
          { title: t('admin.audit.entityId'), dataIndex: 'entityId', ellipsis: true },
        ]}
      />
      <Pager
        page={{ pageNum: query.page + 1, limitNum: query.size }}
        total={list.data?.total ?? 0}
        onChange={(next) => setQuery({ ...query, page: next.pageNum - 1, size: next.limitNum })}
      />
    </>
  );
}
