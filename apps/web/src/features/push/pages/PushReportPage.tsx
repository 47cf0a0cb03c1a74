import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Select, Space, Table, Tag, Tooltip } from 'antd';
// The input alone: the barrel's statics bring the text area, password and one-time-code inputs.
import Input from 'antd/es/input/Input';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DEFAULT_BU_LIST, PAGINATION, PUSH_REPORT_COLUMNS, type PushReportRow } from '@field-portal/shared';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { CARD_TEMPLATES } from '@/features/cards/templates';
import { useQueueExport } from '@/features/downloads/components/use-queue-export';
import { compactParams, pushReport, type ReportFilters } from '../api/push-api';
import { CardPagination } from '../components/CardPagination';
import { formatTime } from '../push-time';
import '../push.css';
import '@/lib/i18n/areas/push';

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

type ReportColumn = (typeof PUSH_REPORT_COLUMNS)[number];

/** Headers in the interface language; the spec's keys stay in each header's tooltip and in the export. */
const HEADERS: Record<ReportColumn, LabelKey> = {
  CardId: 'push.report.col.cardId',
  CardType: 'push.report.col.cardType',
  CardTitle: 'push.report.col.cardTitle',
  CardBU: 'push.report.col.cardBu',
  CardCreatetime: 'push.report.col.createTime',
  PushTime: 'push.report.col.pushTime',
  IsMustRead: 'push.report.col.mustRead',
  Sendwwid: 'push.report.col.sender',
  ReceiverWwid: 'push.report.col.receiverWwid',
  ReceiverName: 'push.report.col.receiverName',
  IsOpen: 'push.report.col.isOpen',
  FistOpentime: 'push.report.col.firstOpen',
};

const TIME_COLUMNS = new Set<ReportColumn>(['CardCreatetime', 'PushTime', 'FistOpentime']);
/**
 * Fixed widths that keep all twelve columns in view at 1440 px without a horizontal scroll
 * (times on two lines, date over time); the title takes what is left and is cut with a tooltip.
 */
const WIDTHS: Partial<Record<ReportColumn, number>> = {
  CardId: 76,
  CardType: 84,
  CardBU: 96,
  CardCreatetime: 104,
  PushTime: 104,
  IsMustRead: 64,
  Sendwwid: 96,
  ReceiverWwid: 96,
  ReceiverName: 90,
  IsOpen: 64,
  FistOpentime: 104,
};

function ReportTime({ value }: { value: string | null }) {
  const text = formatTime(value, true);
  if (!text) return <>—</>;
  const [day, time] = text.split(' ');
  return (
    <time className="fp-push-report-time" dateTime={value ?? undefined}>
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}

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
        tableLayout="fixed"
        className="fp-push-report-table"
        locale={{ emptyText: query.isError ? t('push.list.failed') : t('push.report.empty') }}
        columns={PUSH_REPORT_COLUMNS.map((column) => ({
          key: column,
          title: (
            <Tooltip title={column}>
              <span data-column={column}>{t(HEADERS[column])}</span>
            </Tooltip>
          ),
          dataIndex: column,
          width: WIDTHS[column],
          ellipsis: column === 'CardTitle' ? { showTitle: true } : false,
          render: (value: string | number | null) => {
            if (TIME_COLUMNS.has(column)) return <ReportTime value={value as string | null} />;
            if (column === 'CardType') {
              const template = CARD_TEMPLATES.find((entry) => entry.type === value);
              return template ? t(template.label) : (value ?? '—');
            }
            if (column === 'IsOpen' || column === 'IsMustRead')
              return value ? <Tag color={column === 'IsOpen' ? 'green' : 'orange'}>{t('push.report.yes')}</Tag> : <Tag>{t('push.report.no')}</Tag>;
            return value ?? '—';
          },
        }))}
        pagination={false}
      />
      <CardPagination page={page} total={query.data?.total ?? 0} onChange={setPage} />
    </Card>
  );
}
