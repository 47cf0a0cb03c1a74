import { DATA_SLOT, dataOptions, SentenceWithData } from '@/components/DataText';
import { DATA } from '@/lib/data-text';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, ConfigProvider, Result, Row, Select, Space, Spin, Statistic } from 'antd';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { ANALYTICS_TEXT_VALUE_COLUMNS as TEXT_VALUE_COLUMNS, ANALYTICS_TIME_COLUMNS as TIME_COLUMNS, type DashboardData } from '@field-portal/shared';
import { THEME as theme } from '@/lib/providers/theme';
import { i18n, isKnownMessage as isMessageKey } from '@/lib/i18n';
import { useAnalyticsWords, type AnalyticsLabelKey } from '@/features/analytics/i18n';
import { REPORT_EXPORT_MESSAGE, type ShareLink } from '../report-rules';
import { Chart } from './Chart';
import { dashboardIdOfShare, fetchDashboard, ShareError, type DashboardQuery } from './share-api';
import './bi.css';
import { RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';
import { DateRangePicker } from '@/components/DateRangePicker';
import { formatTime } from '@/lib/format';

type Load = { kind: 'loading' } | { kind: 'error'; status: number; text: string } | { kind: 'ready'; data: DashboardData };

/** The built-in analytics share page: one dashboard, read with the share value and token of its fragment. */
/** Table columns showing data as written (names, places, titles, messages): docs/decisions/0054. */
const DATA_COLUMNS: ReadonlySet<string> = new Set([
  'author',
  'city',
  'createBy',
  'doctorName',
  'hospital',
  'message',
  'owner',
  'pageDetail',
  'province',
  'recipient',
  'rep',
  'sender',
  'tag',
  'team',
  'title',
  'username',
]);
/** A time as the table writes it: the day and the minute each whole, on two lines where the column is narrow. */
function TimeCell({ text }: { text: string }) {
  const [day, minute] = text.split(' ');
  return minute ? (
    <>
      <span className="fp-bi-nowrap">{day}</span> <span className="fp-bi-nowrap">{minute}</span>
    </>
  ) : (
    <span className="fp-bi-nowrap">{text}</span>
  );
}

/** Short names never cut in two (邵阳市, a doctor's name). */
const WHOLE_COLUMNS: ReadonlySet<string> = new Set(['province', 'city', 'doctorName']);
/** Columns of long text (titles, pages, messages): wrapped in a column of their own width. */
const LONG_TEXT_COLUMNS: ReadonlySet<string> = new Set(['title', 'pageDetail', 'message', 'hospital']);
/** Charts whose categories are data as written (places, people, teams, tags, surveys). */
const DATA_CHART = /^topCards$|By(City|Creator|Province|Rep|Sender|Survey|Tag|Team)$/;

/** The link as the entry read it (main.tsx, which has also switched to its language) and the first load it asked for. */
export function BiApp({ link, first }: { link: ShareLink | undefined; first: Promise<DashboardData> | undefined }) {
  const { lang } = useAnalyticsWords();
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={theme}>
      <App>
        <div className="fp-bi">{link ? <Dashboard share={link.share} token={link.token} first={first} /> : <NoLink />}</div>
      </App>
    </ConfigProvider>
  );
}

function NoLink() {
  const { t } = useAnalyticsWords();
  return <Result status="warning" title={t('analytics.errorTitle')} subTitle={t('analytics.noLink')} />;
}

function Dashboard({ share, token, first }: { share: string; token: string; first?: Promise<DashboardData> | undefined }) {
  const { lang, t, msg, anyMsg } = useAnalyticsWords();
  const id = useMemo(() => dashboardIdOfShare(share), [share]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [bu, setBu] = useState<string | undefined>(undefined);
  const [province, setProvince] = useState<string | undefined>(undefined);

  const run = useCallback(
    async (query: DashboardQuery, asked?: Promise<DashboardData>) => {
      if (id === undefined) {
        setLoad({ kind: 'error', status: 401, text: t('analytics.noLink') });
        return;
      }
      setRefreshing(true);
      try {
        const data = await (asked ?? fetchDashboard(id, share, token, query, lang));
        setLoad({ kind: 'ready', data });
        setRange([dayjs(data.range.startDate), dayjs(data.range.endDate)]);
      } catch (error) {
        setLoad({ kind: 'error', status: error instanceof ShareError ? error.status : 0, text: (error as Error).message });
      } finally {
        setRefreshing(false);
      }
    },
    [id, share, token, lang, t],
  );

  useEffect(() => {
    // The entry asked for the first load as it ran (main.tsx).
    void run({}, first);
    // The first load only; later ones follow the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Stable per language, so the charts are not redrawn on every render.
  const label = useCallback((prefix: string, key: string) => (i18n.exists(`${prefix}.${key}`) ? i18n.t(`${prefix}.${key}` as AnalyticsLabelKey) : key), [lang]); // eslint-disable-line react-hooks/exhaustive-deps
  const series = useCallback((key: string) => label('analytics.series', key), [label]);
  const value = useCallback((v: string) => label('analytics.value', v), [label]);

  if (load.kind === 'loading') {
    return (
      <div className="fp-bi-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (load.kind === 'error') {
    return <Result status={load.status === 401 ? 'warning' : load.status === 403 ? '403' : 'error'} title={t('analytics.errorTitle')} subTitle={load.text} />;
  }

  const data = load.data;
  const title = label('analytics.dashboard', data.router);
  const query = (): DashboardQuery => ({
    startDate: range?.[0].format('YYYY-MM-DD'),
    endDate: range?.[1].format('YYYY-MM-DD'),
    bu: data.filters.includes('bu') ? bu || undefined : undefined,
    province: data.filters.includes('province') ? province || undefined : undefined,
  });
  // a coded column's value without a label (a free-text purpose) is data as written too
  const isData = (column: string, v: string | number | null) =>
    DATA_COLUMNS.has(column) || (TEXT_VALUE_COLUMNS.has(column) && typeof v === 'string' && v !== '' && !i18n.exists(`analytics.value.${v}`));
  const format = (column: string, v: string | number | null): string | number | null => {
    if (v === null) return '';
    if (TIME_COLUMNS.has(column) && typeof v === 'string') return formatTime(v);
    if (TEXT_VALUE_COLUMNS.has(column) && typeof v === 'string') return value(v);
    return v;
  };
  // The share page has no portal session: the report screen framing it queues the export in the
  // download centre, with the filters of the figures shown (the whole table, not the rows shown).
  const framed = window.parent !== window;
  const onExport = () => {
    window.parent.postMessage(
      {
        type: REPORT_EXPORT_MESSAGE,
        startDate: data.range.startDate,
        endDate: data.range.endDate,
        bu: data.bu || undefined,
        province: data.province || undefined,
      },
      window.location.origin,
    );
  };

  return (
    <Spin spinning={refreshing}>
      <header className="fp-bi-head">
        <div>
          <h4 className="fp-bi-title">{title}</h4>
          <span className="fp-muted-text">
            {t('analytics.brand')} · <SentenceWithData sentence={t('analytics.viewer', { name: DATA_SLOT })} value={data.user.name || data.user.username} />
          </span>
        </div>
        {data.hasData && (
          <Space wrap className="fp-bi-filters">
            <DateRangePicker aria-label={t('analytics.filter.range')} value={range} allowClear={false} onChange={(next) => next && setRange(next)} />
            {data.filters.includes('bu') && (
              <Select
                aria-label={t('analytics.filter.bu')}
                className="fp-bi-bu"
                allowClear
                placeholder={t('analytics.filter.allBu')}
                value={bu}
                onChange={(v?: string) => setBu(v)}
                options={data.buOptions.map((b) => ({ value: b, label: b }))}
                {...dataOptions}
              />
            )}
            {data.filters.includes('province') && (
              <Select
                aria-label={t('analytics.filter.province')}
                className="fp-bi-bu"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('analytics.filter.allProvinces')}
                value={province}
                onChange={(v?: string) => setProvince(v)}
                options={data.provinceOptions}
                {...dataOptions}
              />
            )}
            <Button type="primary" icon={<SearchOutlined />} onClick={() => void run(query())}>
              {t('analytics.filter.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setBu(undefined);
                setProvince(undefined);
                void run({});
              }}
            >
              {t('analytics.filter.reset')}
            </Button>
            {framed && (
              <Button icon={<DownloadOutlined />} disabled={data.table.total === 0} onClick={onExport}>
                {t('analytics.export')}
              </Button>
            )}
          </Space>
        )}
      </header>

      {!data.hasData ? (
        <Card className="fp-bi-card">
          <EmptyState
            description={
              <span data-testid="bi-no-data">
                {t(data.noSource && data.noSource !== 'analytics.noDataYet' ? 'analytics.noSourceTitle' : 'analytics.noDataTitle')}
              </span>
            }
            reason={<span data-testid="bi-no-source">{data.noSource && isMessageKey(data.noSource) ? anyMsg(data.noSource) : msg('analytics.noDataYet')}</span>}
          />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {data.kpis.map((k) => (
              <Col key={k.key} xs={12} md={8} lg={24 / Math.min(data.kpis.length, 6)}>
                <Card className="fp-bi-card" size="small">
                  <Statistic title={label('analytics.kpi', k.key)} value={k.value} suffix={k.unit} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} className="fp-bi-row">
            {data.charts.map((c, i) => (
              <Col key={c.key} xs={24} lg={i === 0 && data.charts.length === 3 ? 24 : 12}>
                <Card className="fp-bi-card" size="small" title={label('analytics.chart', c.key)} data-testid={`bi-chart-${c.key}`}>
                  {c.categories.length === 0 || c.series.every((s) => s.values.every((v) => v === 0)) ? (
                    <EmptyState className="fp-bi-empty" description={t('analytics.emptyRange')} />
                  ) : (
                    <div {...(DATA_CHART.test(c.key) ? DATA : {})}>
                      <Chart chart={c} name={series} category={value} />
                    </div>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            className="fp-bi-card fp-bi-row"
            size="small"
            title={t('analytics.table')}
            extra={
              <span className="fp-muted-text">
                {data.table.total > data.table.rows.length
                  ? t('analytics.rowsCapped', { n: data.table.total, shown: data.table.rows.length })
                  : t('analytics.rows', { n: data.table.total })}
              </span>
            }
          >
            <RowsTable
              size="small"
              rowKey={(_, i) => String(i)}
              // As wide as the card: titles and long texts wrap, times and figures stay on one line
              // (decision 0057); a sideways scroll only when even wrapped the columns need more room.
              scroll={{ x: true }}
              tableLayout="auto"
              locale={{ emptyText: <EmptyState description={t('analytics.emptyRange')} /> }}
              dataSource={data.table.rows.map((r) => Object.fromEntries(r.map((v, i) => [data.table.columns[i]!, v])))}
              columns={data.table.columns.map((c) => ({
                key: c,
                dataIndex: c,
                title: label('analytics.col', c),
                render: (v: string | number | null) => (TIME_COLUMNS.has(c) ? <TimeCell text={String(format(c, v))} /> : format(c, v)),
                onCell: (row: Record<string, string | number | null>) => ({
                  ...(isData(c, row[c] ?? null) ? DATA : {}),
                  className: LONG_TEXT_COLUMNS.has(c) ? 'fp-bi-long' : WHOLE_COLUMNS.has(c) ? 'fp-bi-nowrap' : undefined,
                }),
              }))}
            />
          </Card>
        </>
      )}
    </Spin>
  );
}
