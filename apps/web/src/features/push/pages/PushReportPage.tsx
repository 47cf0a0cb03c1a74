import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DEFAULT_BU_LIST, PAGINATION, PUSH_REPORT_COLUMNS, type PushReportRow } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { useQueueExport } from '@/features/downloads/components/use-queue-export';
import { compactParams, pushReport, type ReportFilters } from '../api/push-api';
import { formatTime } from '../components/CardList';
import '../push.css';

const { RangePicker } = DatePicker;

interface FilterValues {
  range?: [Dayjs, Dayjs] | null;
  bu?: string;
  cardId?: string;
}

/** The form's values as the report call's filters: whole days in portal time, an end date including its day. */
export function reportFiltersOf(values: FilterValues): ReportFilters {
  return {
    startTime: values.range?.[0]?.format('YYYY-MM-DD'),
    endTime: values.range?.[1]?.format('YYYY-MM-DD'),
    bu: values.bu || undefined,
    cardId: values.cardId?.trim() || undefined,
  };
}

const TIME_COLUMNS = new Set(['CardCreatetime', 'PushTime', 'FistOpentime']);
const WIDTHS: Partial<Record<(typeof PUSH_REPORT_COLUMNS)[number], number>> = {
  CardId: 90,
  CardType: 90,
  CardTitle: 200,
  CardBU: 110,
  CardCreatetime: 160,
  PushTime: 160,
  IsMustRead: 100,
  Sendwwid: 110,
  ReceiverWwid: 120,
  ReceiverName: 120,
  IsOpen: 80,
  FistOpentime: 160,
};

/**
 * The card-push report (spec 000 section 2, 001 section 2.8): date range, BU and card ID with
 * reset and search; the twelve columns, one row per delivery; paging and an Excel export.
 */
export function PushReportPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<ReportFilters>({});
  const [page, setPage] = useState<{ pageNum: number; limitNum: number }>({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
  const { queue, queueing } = useQueueExport();
  const query = useQuery({
    queryKey: ['push', 'report', filters, page],
    queryFn: () => pushReport(filters, page.pageNum, page.limitNum),
    placeholderData: (previous) => previous,
  });

  const search = () => {
    setFilters(reportFiltersOf(form.getFieldsValue()));
    setPage((current) => ({ ...current, pageNum: PAGINATION.firstPage }));
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
  };
  const exportAll = () => queue('cardPushReport', compactParams(filters));

  return (
    <Card className="fp-push-screen" title={t('push.report.title')}>
      <Form<FilterValues> form={form} layout="inline" className="fp-push-report-filters" onFinish={search}>
        <Form.Item name="range" label={t('push.report.dateRange')}>
          <RangePicker aria-label={t('push.report.dateRange')} />
        </Form.Item>
        <Form.Item name="bu" label="BU">
          <Select aria-label="BU" allowClear placeholder={t('push.report.allBu')} style={{ width: 150 }} options={DEFAULT_BU_LIST.map((bu) => ({ value: bu, label: bu }))} />
        </Form.Item>
        <Form.Item name="cardId" label={t('push.report.cardId')} rules={[{ pattern: /^\d{0,18}$/, message: t('push.report.cardIdDigits') }]}>
          <Input aria-label={t('push.report.cardId')} allowClear style={{ width: 160 }} inputMode="numeric" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {t('push.report.reset')}
            </Button>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('push.report.search')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportAll()} loading={queueing} disabled={!query.data?.total}>
              {t('push.report.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<PushReportRow>
        rowKey={(row) => `${row.CardId}:${row.PushTime}:${row.ReceiverWwid}`}
        size="small"
        bordered
        loading={query.isFetching}
        dataSource={query.data?.result ?? []}
        scroll={{ x: 1500 }}
        locale={{ emptyText: query.isError ? t('push.list.failed') : t('push.report.empty') }}
        columns={PUSH_REPORT_COLUMNS.map((column) => ({
          title: column,
          dataIndex: column,
          width: WIDTHS[column],
          ellipsis: column === 'CardTitle',
          render: (value: string | number | null) => {
            if (TIME_COLUMNS.has(column)) return formatTime(value as string | null, true) || '—';
            if (column === 'IsOpen' || column === 'IsMustRead')
              return value ? <Tag color={column === 'IsOpen' ? 'green' : 'orange'}>{t('push.report.yes')}</Tag> : <Tag>{t('push.report.no')}</Tag>;
            return value ?? '—';
          },
        }))}
        pagination={{
          current: page.pageNum,
          pageSize: page.limitNum,
          total: query.data?.total ?? 0,
          pageSizeOptions: PAGINATION.sizes.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (n) => t('push.list.total', { n }),
          onChange: (pageNum, limitNum) => setPage({ pageNum: limitNum !== page.limitNum ? 1 : pageNum, limitNum }),
        }}
      />
    </Card>
  );
}
