import { dataCells } from '@/lib/data-text';
import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App as AntApp, Card, Segmented, Select, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { describeFailure } from '@/lib/http';
import { useCustomersWords, type CustomersLabelKey } from '@/features/customers/i18n';
import { usePageSearch } from '@/lib/page-search';
import type { HospitalRow, Lang } from '@field-portal/shared';
import { customersApi, hospitalListQuery, hospitalScopeCountQuery, PAGE_SIZES } from '../api/customers-api';
import {
  chipValue,
  choose,
  isDataFilter,
  emptyHospitalFilters,
  filtersKey,
  HOSPITAL_FILTER_KEYS,
  type Choice,
  type Coverage,
  type HospitalFilterKey,
  type HospitalFilters,
} from '../filters';
import { useKeyset } from '../keyset';
import { cityLevelOptions, gradeOptions, hospitalTypeOptions, labelOf } from '../reference-options';
import { hospitalPath } from '../routes';
import { searchProblem } from '../search';
import { FilterChips, searchChip, type FilterChip } from './FilterChips';
import { KeysetPager } from '@/components/paging';
import { LazyCascader } from './LazyCascader';
import { EmptyState } from '@/components/EmptyState';
import { tableWidth } from '@/components/table-width';

const { Text } = Typography;

const FILTER_LABEL: Record<HospitalFilterKey, CustomersLabelKey> = {
  region: 'customers.filter.region',
  hospitalLevel: 'customers.filter.hospitalLevel',
  hospitalType: 'customers.filter.hospitalType',
};

/**
 * Column widths per language: they add up to at most 980 px, what a 1366 px window leaves the list
 * beside both menus (and a scroll bar), so every column is in view without a sideways scroll
 * (decision 0057); a wider window widens them all alike. English hospital types run longer
 * ("Traditional Chinese medicine hospital" whole in 262 px); a region of three levels such as
 * 浙江省 · 绍兴市 · 越城区 is whole in either language, a longer one ends in an ellipsis, whole in its
 * title, as a long hospital name does; a title of two words may take two lines.
 */
const COLUMN_WIDTHS: Record<Lang, Record<'hospital' | 'grade' | 'type' | 'region' | 'tier' | 'coverage', number>> = {
  zh: { hospital: 280, grade: 100, type: 150, region: 200, tier: 100, coverage: 90 },
  en: { hospital: 230, grade: 96, type: 262, region: 196, tier: 90, coverage: 100 },
};

function MultiSelect({ label, options, value, onChange }: { label: string; options: Choice[]; value: Choice[]; onChange: (c: Choice[]) => void }) {
  const byValue = new Map(options.map((o) => [o.value, o]));
  return (
    <Select
      className="fp-cust-filter"
      aria-label={label}
      placeholder={label}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={value.map((c) => c.value)}
      onChange={(values: string[]) => onChange(values.map((v) => byValue.get(v)).filter((c): c is Choice => Boolean(c)))}
    />
  );
}

/**
 * Hospitals of the caller's scope: region, tier, grade and type as chips with a count, coverage
 * (the team covers it or not), the top bar's search, keyset pages. A team manager switches coverage here.
 */
export function HospitalBrowser({
  router,
  filters,
  onFilters,
  editCoverage,
}: {
  router: string;
  filters: HospitalFilters;
  onFilters: (f: HospitalFilters) => void;
  editCoverage: boolean;
}) {
  const { t, lang, msg } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const pages = useKeyset(filtersKey({ filters, pageSize }));
  const list = useQuery(hospitalListQuery(filters, pages.cursor, pageSize));
  const scopeCount = useQuery(hospitalScopeCountQuery());
  const [switching, setSwitching] = useState<number | null>(null);
  const loadRegion = useCallback((depth: number, parent: string | null) => customersApi.regions(depth, parent), []);
  const set = (key: HospitalFilterKey) => (choices: Choice[]) => onFilters(choose(filters, key, choices));

  usePageSearch({
    key: router,
    placeholder: t('customers.searchPlaceholder'),
    value: filters.search,
    check: (text) => searchProblem(text, msg),
    onSearch: (search) => onFilters({ ...filters, search }),
  });

  const chips = useMemo<FilterChip[]>(() => {
    const out: FilterChip[] = [];
    for (const key of HOSPITAL_FILTER_KEYS) {
      const choices = filters.chosen[key];
      if (choices?.length)
        out.push({
          key,
          label: t(FILTER_LABEL[key]),
          value: chipValue(key, choices),
          data: isDataFilter(key),
          onClose: () => onFilters(choose(filters, key, [])),
        });
    }
    if (filters.coverage !== 'all')
      out.push({
        key: 'coverage',
        label: t('customers.hospital.coverage'),
        value: t(filters.coverage === 'covered' ? 'customers.hospital.covered' : 'customers.hospital.notCovered'),
        onClose: () => onFilters({ ...filters, coverage: 'all' }),
      });
    if (filters.search) out.push(searchChip(t('customers.filters.search'), filters.search, () => onFilters({ ...filters, search: '' })));
    return out;
  }, [filters, onFilters, t]);

  const setCoverage = async (row: HospitalRow, covered: boolean) => {
    setSwitching(row.id);
    try {
      await customersApi.setCoverage(row.id, covered);
      await client.invalidateQueries({ queryKey: ['customers', 'hospitals'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    } finally {
      setSwitching(null);
    }
  };

  const data = list.data;
  const grades = gradeOptions(lang);
  const types = hospitalTypeOptions(lang);
  const tiers = cityLevelOptions(lang);
  const widths = COLUMN_WIDTHS[lang];
  const columns: TableColumnsType<HospitalRow> = [
    {
      title: t('customers.col.hospital'),
      dataIndex: 'name',
      width: widths.hospital,
      fixed: 'left',
      ellipsis: true,
      ...dataCells,
      render: (name: string, row) => <Link to={hospitalPath(row.id, name)}>{name}</Link>,
    },
    { title: t('customers.filter.hospitalLevel'), dataIndex: 'level', width: widths.grade, render: (code: string) => labelOf(grades, code) || '—' },
    {
      title: t('customers.filter.hospitalType'),
      dataIndex: 'type',
      width: widths.type,
      ellipsis: true,
      render: (code: string) => labelOf(types, code) || '—',
    },
    {
      title: t('customers.col.region'),
      width: widths.region,
      ellipsis: true,
      ...dataCells,
      render: (_, row) => [row.province, row.city, row.county].filter(Boolean).join(' · '),
    },
    { title: t('customers.filter.cityLevel'), dataIndex: 'cityLevel', width: widths.tier, render: (tier: number | null) => labelOf(tiers, tier) || '—' },
    {
      title: t('customers.hospital.coverage'),
      dataIndex: 'covered',
      width: widths.coverage,
      render: (covered: boolean, row) =>
        editCoverage ? (
          <Switch
            size="small"
            checked={covered}
            loading={switching === row.id}
            aria-label={`${t('customers.hospital.coverage')} ${row.name}`}
            onChange={(on) => void setCoverage(row, on)}
          />
        ) : (
          <Text type={covered ? 'success' : 'secondary'}>{t(covered ? 'customers.hospital.covered' : 'customers.hospital.notCovered')}</Text>
        ),
    },
  ];
  return (
    <Card className="fp-cust-screen">
      <div className="fp-cust-filters">
        <div className="fp-cust-filter-row">
          <Segmented<Coverage>
            aria-label={t('customers.hospital.coverage')}
            value={filters.coverage}
            onChange={(coverage) => onFilters({ ...filters, coverage })}
            options={[
              { value: 'all', label: t('customers.hospital.all') },
              { value: 'covered', label: t('customers.hospital.covered') },
              { value: 'uncovered', label: t('customers.hospital.notCovered') },
            ]}
          />
          <LazyCascader
            levels={3}
            load={loadRegion}
            value={filters.chosen.region ?? []}
            onChange={set('region')}
            placeholder={t('customers.filter.region')}
            ariaLabel={t('customers.filter.region')}
            style={{ width: 240 }}
          />
          <MultiSelect
            label={t('customers.filter.hospitalLevel')}
            options={grades}
            value={filters.chosen.hospitalLevel ?? []}
            onChange={set('hospitalLevel')}
          />
          <MultiSelect label={t('customers.filter.hospitalType')} options={types} value={filters.chosen.hospitalType ?? []} onChange={set('hospitalType')} />
        </div>
      </div>
      <FilterChips
        noun="hospitals"
        chips={chips}
        stale={list.isPlaceholderData}
        count={
          data && scopeCount.data !== undefined ? { matched: data.total, matchedCapped: data.capped, scope: scopeCount.data, scopeCapped: false } : undefined
        }
        onClearAll={() => onFilters(emptyHospitalFilters())}
      />
      <Table<HospitalRow>
        rowKey="id"
        size="middle"
        virtual
        // as wide as its columns: at most what 1366 px leaves beside both menus, so no column hides behind a sideways scroll (decision 0057)
        scroll={{ x: tableWidth(columns), y: 560 }}
        loading={list.isFetching}
        dataSource={data?.content ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={list.isError ? t('customers.loadFailed') : msg('empty.noData')} /> }}
        columns={columns}
      />
      <KeysetPager
        pageIndex={pages.pageIndex}
        hasPrevious={pages.hasPrevious}
        hasNext={Boolean(data?.nextCursor)}
        loading={list.isFetching}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPrevious={pages.previous}
        onNext={() => pages.next(data?.nextCursor)}
        onPageSize={setPageSize}
      />
    </Card>
  );
}
