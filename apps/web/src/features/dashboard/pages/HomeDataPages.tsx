import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { API, type HomeChartSeries, type HomeDataRecord } from '@field-portal/shared';
import { CrudScreen } from '@/components/crud';
import { localName } from '@/lib/i18n';
import { formatCount } from '@/lib/format';
import { useDashboardWords, dashboardWords, type DashboardLabelKey } from '../i18n';
import { dashboardChecks } from '../checks-on-save';

const D = API.apps.data;

/** /dataManage/homeData: the home page's figures. */
export function HomeDataPage() {
  const client = useQueryClient();
  return (
    <CrudScreen<HomeDataRecord, DashboardLabelKey>
      words={dashboardWords}
      title="apps.homeData.title"
      item="apps.item.homeData"
      entity="homeData"
      paths={D.homeData}
      checks={dashboardChecks('homeData')}
      searchPlaceholder="apps.homeData.search"
      defaults={{ key: '', name: '', nameEn: '', value: 0, unit: '', sort: 0 }}
      toForm={({ id, ...row }) => (void id, row)}
      onChanged={() => void client.invalidateQueries({ queryKey: ['dashboard'] })}
      columns={[
        { key: 'sort', label: 'apps.col.sort', width: 80 },
        { key: 'key', label: 'apps.homeData.key', render: (r) => <code>{r.key}</code> },
        { key: 'name', label: 'apps.col.name', render: (r, lang) => localName(r, lang) },
        { key: 'value', label: 'apps.homeData.value', render: (r) => formatCount(r.value) },
        { key: 'unit', label: 'apps.homeData.unit' },
      ]}
      fields={[
        { name: 'key', label: 'apps.homeData.key', required: true, extra: 'apps.homeData.keyHint' },
        { name: 'name', label: 'apps.col.name', required: true },
        { name: 'nameEn', label: 'apps.col.nameEn' },
        { name: 'value', label: 'apps.homeData.value', kind: 'number', required: true },
        { name: 'unit', label: 'apps.homeData.unit' },
        { name: 'sort', label: 'apps.col.sort', kind: 'number' },
      ]}
    />
  );
}

/** /dataManage/homeChart: the home page's charts. */
export function HomeChartPage() {
  const client = useQueryClient();
  return (
    <CrudScreen<HomeChartSeries, DashboardLabelKey>
      words={dashboardWords}
      title="apps.homeChart.title"
      item="apps.item.homeChart"
      entity="homeChart"
      paths={D.homeChart}
      checks={dashboardChecks('homeChart')}
      searchPlaceholder="apps.homeChart.search"
      defaults={{ name: '', nameEn: '', chartType: 'line', content: '', sort: 0 }}
      toForm={({ name, nameEn, chartType, content, sort }) => ({ name, nameEn, chartType, content, sort })}
      onChanged={() => void client.invalidateQueries({ queryKey: ['dashboard'] })}
      columns={[
        { key: 'sort', label: 'apps.col.sort', width: 80 },
        { key: 'name', label: 'apps.col.name', render: (r, lang) => localName(r, lang) },
        { key: 'chartType', label: 'apps.homeChart.type', render: (r) => <ChartTypeTag type={r.chartType} /> },
        { key: 'content', label: 'apps.homeChart.content', render: (r) => <span className="fp-apps-muted">{r.content}</span> },
        { key: 'points', label: 'apps.homeChart.points', width: 90, render: (r) => r.points.length },
      ]}
      fields={[
        { name: 'name', label: 'apps.col.name', required: true },
        { name: 'nameEn', label: 'apps.col.nameEn' },
        {
          name: 'chartType',
          label: 'apps.homeChart.type',
          kind: 'select',
          options: [
            { value: 'line', label: 'apps.homeChart.line' },
            { value: 'bar', label: 'apps.homeChart.bar' },
          ],
        },
        {
          name: 'content',
          label: 'apps.homeChart.content',
          kind: 'textarea',
          required: true,
          extra: 'apps.homeChart.contentHint',
          placeholder: '2023/120,2024/156',
        },
        { name: 'sort', label: 'apps.col.sort', kind: 'number' },
      ]}
    />
  );
}

function ChartTypeTag({ type }: { type: string }) {
  const { t } = useDashboardWords();
  return <Tag color={type === 'bar' ? 'purple' : 'geekblue'}>{t(type === 'bar' ? 'apps.homeChart.bar' : 'apps.homeChart.line')}</Tag>;
}
