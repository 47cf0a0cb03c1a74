import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DEFAULT_BU_LIST, PAGINATION, PUSH_REPORT_COLUMNS, type PushReportRow } from '@field-portal/shared';
import { usePushWords, type PushLabelKey } from '@/features/push/i18n';
import { CARD_TEMPLATES } from '@/features/cards';
import { useQueueExport } from '@/features/downloads';
import { compactParams, pushReport, type ReportFilters } from '../api/push-api';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';
import '../push.css';
import { EmptyState } from '@/components/EmptyState';
import { DateRangePicker } from '@/components/DateRangePicker';

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

/** What the card ID filter takes: digits only, at most 18 (an empty field is no filter). */
const CARD_ID = /^\d{0,18}$/;

type ReportColumn = (typeof PUSH_REPORT_COLUMNS)[number];

/** Headers in the interface language; the spec's keys stay in each header's tooltip and in the export. */
const HEADERS: Record<ReportColumn, PushLabelKey> = {
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
 * (decision 0015; times on two lines, date over time); the title takes what is left and is cut with
 * a tooltip. Narrower (1366 px) the title keeps `TITLE_LEAST`: the card's id stays fixed and the
 * rest scrolls, instead of a title squeezed to a letter a line (docs/decisions/0057).
 */
const WIDTHS: Partial<Record<ReportColumn, number>> = {
  CardId: 72,
  CardType: 84,
  CardBU: 84,
  CardCreatetime: 96,
  PushTime: 96,
  IsMustRead: 72,
  Sendwwid: 88,
  ReceiverWwid: 88,
  ReceiverName: 84,
  IsOpen: 76,
  FistOpentime: 96,
};
const TITLE_LEAST = 112;
const TABLE_LEAST = Object.values(WIDTHS).reduce((sum, width) => sum + width, TITLE_LEAST);

function ReportTime({ value }: { value: string | null }) {
  const text = formatTime(value, 'second');
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
  const { t } = usePushWords();
  const [values, setValues] = useState<FilterValues>({});
  const [filters, setFilters] = useState<ReportFilters>({});
  const [page, setPage] = useState<{ pageNum: number; limitNum: number }>({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
  const { queue, queueing } = useQueueExport();
  const query = useQuery({
    queryKey: ['push', 'report', filters, page],
    queryFn: () => pushReport(filters, page.pageNum, page.limitNum),
    placeholderData: (previous) => previous,
  });

  // The card ID takes digits only (at most 18); the search waits until it does.
  const cardIdWrong = !CARD_ID.test(values.cardId ?? '');
  const search = () => {
    if (cardIdWrong) return;
    setFilters(reportFiltersOf(values));
    setPage((current) => ({ ...current, pageNum: PAGINATION.firstPage }));
  };
  const reset = () => {
    setValues({});
    setFilters({});
    setPage({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
  };
  const exportAll = () => queue('cardPushReport', compactParams(filters));

  return (
    <Card className="fp-push-screen" title={t('push.report.title')}>
      {/* A plain form of antd's fields: three filters and one check (the card ID's digits) need no form store of their own. */}
      <form
        className="fp-push-report-filters"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        {/* The fields carry their names (aria-label): a label element around a picker or a select would re-open it. */}
        <div className="fp-push-report-filter">
          <span>{t('push.report.dateRange')}</span>
          <DateRangePicker aria-label={t('push.report.dateRange')} value={values.range ?? null} onChange={(range) => setValues((v) => ({ ...v, range }))} />
        </div>
        <div className="fp-push-report-filter">
          <span>BU</span>
          <Select
            aria-label="BU"
            allowClear
            placeholder={t('push.report.allBu')}
            style={{ width: 150 }}
            value={values.bu}
            onChange={(bu?: string) => setValues((v) => ({ ...v, bu }))}
            options={DEFAULT_BU_LIST.map((bu) => ({ value: bu, label: bu }))}
          />
        </div>
        <div className="fp-push-report-filter">
          <label htmlFor="fp-push-report-card-id">{t('push.report.cardId')}</label>
          <span className="fp-push-report-filter-field">
            <Input
              id="fp-push-report-card-id"
              aria-label={t('push.report.cardId')}
              aria-invalid={cardIdWrong}
              aria-describedby={cardIdWrong ? 'fp-push-report-card-id-error' : undefined}
              status={cardIdWrong ? 'error' : undefined}
              allowClear
              style={{ width: 160 }}
              inputMode="numeric"
              value={values.cardId ?? ''}
              onChange={(event) => setValues((v) => ({ ...v, cardId: event.target.value }))}
            />
            {cardIdWrong ? (
              <span id="fp-push-report-card-id-error" className="fp-push-report-filter-error" role="alert">
                {t('push.report.cardIdDigits')}
              </span>
            ) : null}
          </span>
        </div>
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
      </form>
      <Table<PushReportRow>
        rowKey={(row) => `${row.CardId}:${row.PushTime}:${row.ReceiverWwid}`}
        size="small"
        bordered
        loading={query.isFetching}
        dataSource={query.data?.result ?? []}
        tableLayout="fixed"
        scroll={{ x: TABLE_LEAST }}
        className="fp-push-report-table"
        locale={{ emptyText: <EmptyState description={query.isError ? t('push.list.failed') : t('push.report.empty')} /> }}
        columns={PUSH_REPORT_COLUMNS.map((column) => ({
          key: column,
          title: (
            <Tooltip title={column}>
              <span data-column={column}>{t(HEADERS[column])}</span>
            </Tooltip>
          ),
          dataIndex: column,
          width: WIDTHS[column],
          fixed: column === 'CardId' ? 'left' : undefined,
          ellipsis: column === 'CardTitle' ? { showTitle: true } : false,
          // the card's title and the receiver's name are data as written
          ...(column === 'CardTitle' || column === 'ReceiverName' ? dataCells : {}),
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
      <Pager page={page} total={query.data?.total ?? 0} onChange={setPage} data-testid="card-pagination" />
    </Card>
  );
}
