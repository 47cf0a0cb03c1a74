import { Table, Tag } from 'antd';
import { isDoctorOutOfScope, VISIT_PURPOSE_LABELS, VISIT_PURPOSES, type Lang, type VisitItem } from '@field-portal/shared';
import { OutOfScopeDoctor } from '@/components/OutOfScopeDoctor';
import { useActivityWords } from '@/features/activity/i18n';
import { formatTime } from '@/lib/format';
import { useCodes } from './codes';
import { EmptyState } from '@/components/EmptyState';
import { DATA, dataCells } from '@/lib/data-text';

/** A common purpose (as the visit form writes it, in Chinese) in the reader's language; null for a purpose of the visitor's own words. */
function commonPurpose(purpose: string, lang: Lang): string | null {
  const code = VISIT_PURPOSES.find((p) => p !== 'other' && VISIT_PURPOSE_LABELS[p].zh === purpose.trim());
  return code ? VISIT_PURPOSE_LABELS[code][lang] : null;
}

/** Visit records with their codes shown as labels (spec 001 section 3). */
export function VisitTable({ visits, loading, showRep, emptyText }: { visits: VisitItem[]; loading: boolean; showRep?: boolean; emptyText?: string }) {
  const { t, lang } = useActivityWords();
  const codes = useCodes();
  return (
    <Table<VisitItem>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={visits}
      pagination={false}
      locale={emptyText ? { emptyText: <EmptyState description={emptyText} /> } : undefined}
      expandable={{
        expandedRowRender: (v) => (
          <div>
            {v.products.map((p) => (
              <div key={p.product}>
                <strong>{p.product}</strong>: {p.keyMessages.join(' / ')}
              </div>
            ))}
            {v.feedback ? <div>{`${t('activity.visit.feedback')}: ${v.feedback}`}</div> : null}
          </div>
        ),
      }}
      columns={[
        { title: t('activity.visit.time'), dataIndex: 'visitTime', width: 150, render: (value: string) => formatTime(value) },
        ...(showRep ? [{ title: t('activity.visit.rep'), key: 'rep', width: 110, render: (_: unknown, v: VisitItem) => v.user.name, ...dataCells }] : []),
        {
          title: t('activity.visit.doctor'),
          key: 'doctor',
          ...dataCells,
          render: (_, v) => (isDoctorOutOfScope(v.doctor) ? <OutOfScopeDoctor /> : `${v.doctor.name} · ${v.doctor.hospitalName}`),
        },
        { title: t('activity.visit.channel'), dataIndex: 'channel', width: 120, render: codes.channel },
        {
          title: t('activity.visit.purpose'),
          dataIndex: 'purpose',
          // A purpose in the visitor's own words is data, shown as written.
          onCell: (v: VisitItem) => (commonPurpose(v.purpose, lang) === null ? DATA : {}),
          render: (purpose: string) => commonPurpose(purpose, lang) ?? purpose,
        },
        { title: t('activity.visit.type'), dataIndex: 'type', width: 100, render: codes.visitType },
        {
          title: t('activity.visit.status'),
          dataIndex: 'status',
          width: 90,
          render: (s: number) => <Tag color={s === 1 ? 'green' : 'orange'}>{codes.visitStatus(s)}</Tag>,
        },
        { title: t('activity.visit.effective'), dataIndex: 'effective', width: 90, render: (e: boolean) => (e ? t('activity.yes') : t('activity.no')) },
      ]}
    />
  );
}
