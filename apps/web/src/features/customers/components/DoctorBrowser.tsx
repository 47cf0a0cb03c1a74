import { dataCells } from '@/lib/data-text';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Card, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { DOCTOR_RANGES, doctorDepartmentName, type DoctorRow, type Lang } from '@field-portal/shared';
import { useCustomersWords, type CustomersLabelKey } from '@/features/customers/i18n';
import { formatCount, formatTotal } from '@/lib/format';
import { usePageSearch } from '@/lib/page-search';
import { useQueueExport } from '@/features/downloads';
import { doctorFilterParams, doctorListQuery, PAGE_SIZES } from '../api/customers-api';
import { chipValue, choose, isDataFilter, DOCTOR_FILTER_KEYS, emptyDoctorFilters, filtersKey, type DoctorFilterKey, type DoctorFilters } from '../filters';
import { useKeyset } from '../keyset';
import { labelOf, titleOptions } from '../reference-options';
import { doctorPath, hospitalPath } from '../routes';
import { searchProblem } from '../search';
import { DoctorFilterForm } from './DoctorFilterForm';
import { FilterChips, searchChip, type FilterChip } from './FilterChips';
import { KeysetPager } from '@/components/paging';
import type { TagTarget } from './TagDialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { EmptyState } from '@/components/EmptyState';
import { tableWidth } from '@/components/table-width';

const { Text } = Typography;

// The dialogs (forms, the wizard's steps and cascaders) load when first opened.
const AddDoctorWizard = lazyDialog(() => import('./AddDoctorWizard').then((m) => m.AddDoctorWizard));
const TagDialog = lazyDialog(() => import('./TagDialog').then((m) => m.TagDialog));

const FILTER_LABEL: Record<(typeof DOCTOR_FILTER_KEYS)[number], CustomersLabelKey> = {
  region: 'customers.filter.region',
  cityLevel: 'customers.filter.cityLevel',
  hospital: 'customers.filter.hospital',
  department: 'customers.filter.department',
  hospitalLevel: 'customers.filter.hospitalLevel',
  title: 'customers.filter.title',
  direction: 'customers.filter.direction',
  indication: 'customers.filter.indication',
  onlinePatients: 'customers.filter.onlinePatients',
  outpatientDays: 'customers.filter.outpatientDays',
  outpatientType: 'customers.filter.outpatientType',
  tag: 'customers.filter.tag',
};

/** The row checkboxes' column. */
const SELECTION_WIDTH = 32;

/**
 * Column widths per language: with the checkboxes they add up to at most 980 px, what a 1366 px
 * window leaves the list beside both menus (and a scroll bar), so every column is in view without a
 * sideways scroll (decision 0057). A wider window widens them all alike. English titles run longer
 * ("Associate chief physician" whole in 178 px); the Chinese screen gives that room to the hospital,
 * the region and the tags. A region such as 浙江省 · 宁波市 is whole in either language; a longer
 * hospital, department, region or tag ends in an ellipsis, whole in its title.
 */
const COLUMN_WIDTHS: Record<Lang, Record<'name' | 'hospital' | 'department' | 'title' | 'region' | 'onlinePatients' | 'tags', number>> = {
  zh: { name: 120, hospital: 230, department: 130, title: 96, region: 150, onlinePatients: 76, tags: 146 },
  en: { name: 120, hospital: 180, department: 150, title: 178, region: 136, onlinePatients: 72, tags: 112 },
};

const keepLocked = (fresh: DoctorFilters, from: DoctorFilters, locked: DoctorFilterKey[]) =>
  locked.reduce((f, key) => choose(f, key, from.chosen[key] ?? []), fresh);

const rangeName = (code: string, lang: Lang) => {
  const range = DOCTOR_RANGES.find((r) => r.code === code);
  return range ? (lang === 'en' ? range.nameEn : range.name) : code;
};

/**
 * Doctors of the caller's scope: the filters of spec 001 section 3 as chips with a count that
 * explains them, the top bar's search, keyset pages, and tagging the selected doctors or the
 * whole filtered set at once.
 */
export function DoctorBrowser({
  router,
  filters,
  onFilters,
  locked = [],
}: {
  router: string;
  filters: DoctorFilters;
  onFilters: (next: DoctorFilters) => void;
  /** Filters the screen fixes (a hospital's own doctors): shown as chips that cannot be closed, and kept by "clear all". */
  locked?: DoctorFilterKey[];
}) {
  const { t, lang, msg } = useCustomersWords();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const key = filtersKey({ filters, pageSize });
  const pages = useKeyset(key);
  const list = useQuery(doctorListQuery(filters, pages.cursor, pageSize));
  const [selected, setSelected] = useState<Map<number, DoctorRow>>(new Map());
  const [tagTarget, setTagTarget] = useState<TagTarget | null>(null);
  const [adding, setAdding] = useState(false);
  // The filtered list as a spreadsheet, written by the download centre in the background (spec 001 section 7.7).
  const exporter = useQueueExport();

  usePageSearch({
    key: router,
    placeholder: t('customers.searchPlaceholder'),
    value: filters.search,
    check: (text) => searchProblem(text, msg),
    onSearch: (search) => onFilters({ ...filters, search }),
  });

  const chips = useMemo<FilterChip[]>(() => {
    const out: FilterChip[] = [{ key: 'doctorRange', label: t('customers.filter.doctorRange'), value: rangeName(filters.doctorRange, lang) }];
    for (const name of DOCTOR_FILTER_KEYS) {
      const choices = filters.chosen[name];
      if (choices?.length)
        out.push({
          key: name,
          label: t(FILTER_LABEL[name]),
          value: chipValue(name, choices),
          data: isDataFilter(name),
          onClose: locked.includes(name) ? undefined : () => onFilters(choose(filters, name, [])),
        });
    }
    if (filters.search) out.push(searchChip(t('customers.filters.search'), filters.search, () => onFilters({ ...filters, search: '' })));
    return out;
  }, [filters, lang, locked, onFilters, t]);

  const data = list.data;
  const titles = titleOptions(lang);
  const selectedRows = [...selected.values()];
  const widths = COLUMN_WIDTHS[lang];
  const columns: TableColumnsType<DoctorRow> = [
    {
      title: t('customers.col.name'),
      dataIndex: 'name',
      width: widths.name,
      fixed: 'left',
      ...dataCells,
      render: (name: string, row) => (
        <span className="fp-cust-row-name">
          <Link to={doctorPath(row.id, name)}>{name}</Link>
          {row.pendingCorrection ? (
            <Tag color="orange" title={t('customers.correction.pendingShort')}>
              {t('customers.correction.pendingShort')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('customers.col.hospital'),
      dataIndex: 'hospitalName',
      width: widths.hospital,
      ellipsis: true,
      ...dataCells,
      render: (name: string, row) => <Link to={hospitalPath(row.hospitalId, name)}>{name}</Link>,
    },
    { title: t('customers.col.department'), width: widths.department, ellipsis: true, render: (_, row) => doctorDepartmentName(row, lang) },
    {
      title: t('customers.col.title'),
      dataIndex: 'titleCode',
      width: widths.title,
      ellipsis: true,
      render: (code: string) => labelOf(titles, code),
    },
    {
      title: t('customers.col.region'),
      width: widths.region,
      ellipsis: true,
      ...dataCells,
      render: (_, row) => [row.province, row.city].filter(Boolean).join(' · '),
    },
    // its title may take two lines ("Online / patients"); the figures are short
    {
      title: t('customers.col.onlinePatients'),
      dataIndex: 'onlinePatients',
      width: widths.onlinePatients,
      align: 'right',
      render: (n: number) => formatCount(n),
    },
    {
      title: t('customers.col.tags'),
      dataIndex: 'tags',
      width: widths.tags,
      ...dataCells,
      // two tags and a count keep every row one line high (the virtual list needs steady rows); a long tag name ends in an ellipsis and is whole in its title
      render: (tags: DoctorRow['tags']) =>
        tags.length === 0 ? (
          <Text type="secondary">—</Text>
        ) : (
          <span className="fp-cust-row-tags">
            {tags.slice(0, 2).map((tag) => (
              <Tag key={tag.id} color={tag.shared ? 'blue' : 'purple'} title={tag.name}>
                {tag.name}
              </Tag>
            ))}
            {tags.length > 2 ? (
              <Tooltip
                title={tags
                  .slice(2)
                  .map((tag) => tag.name)
                  .join('、')}
              >
                <Tag className="fp-cust-row-more">+{tags.length - 2}</Tag>
              </Tooltip>
            ) : null}
          </span>
        ),
    },
  ];

  return (
    <Card className="fp-cust-screen">
      <DoctorFilterForm filters={filters} onChange={onFilters} hidden={locked} />
      <FilterChips
        noun="doctors"
        chips={chips}
        stale={list.isPlaceholderData}
        count={data ? { matched: data.total, matchedCapped: data.capped, scope: data.scopeTotal, scopeCapped: data.scopeCapped } : undefined}
        onClearAll={() => onFilters(keepLocked(emptyDoctorFilters(filters.doctorRange), filters, locked))}
      />
      <div className="fp-cust-toolbar">
        <Text type="secondary">{selected.size > 0 ? t('customers.selected', { n: formatCount(selected.size) }) : t('customers.selectHint')}</Text>
        <span className="fp-cust-spacer" />
        <Space wrap>
          <Button icon={<TagsOutlined />} disabled={selected.size === 0} onClick={() => setTagTarget({ kind: 'doctors', doctors: selectedRows })}>
            {t('customers.tags.tagSelected', { n: formatCount(selected.size) })}
          </Button>
          <Tooltip title={t('customers.tags.tagAllHint')}>
            <Button
              icon={<TagsOutlined />}
              disabled={!data || data.total === 0}
              onClick={() => data && setTagTarget({ kind: 'filtered', filters, count: formatTotal(data.total, data.capped) })}
            >
              {t('customers.tags.tagAll', { n: data ? formatTotal(data.total, data.capped) : '…' })}
            </Button>
          </Tooltip>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.queueing}
            disabled={!data || data.total === 0 || list.isPlaceholderData}
            onClick={() => void exporter.queue('doctorList', doctorFilterParams(filters))}
          >
            {t('customers.export')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('customers.add.button')}
          </Button>
        </Space>
      </div>
      <Table<DoctorRow>
        rowKey="id"
        size="middle"
        virtual
        // as wide as its columns and the selection column: at most what 1366 px leaves beside both menus, so no column hides behind a sideways scroll (decision 0057)
        scroll={{ x: SELECTION_WIDTH + tableWidth(columns), y: 560 }}
        loading={list.isFetching}
        dataSource={data?.content ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={list.isError ? t('customers.loadFailed') : msg('empty.noData')} /> }}
        rowSelection={{
          columnWidth: SELECTION_WIDTH,
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          // antd names its checkboxes in English ("Select row 3"); these say whom, in the reader's language
          getCheckboxProps: (row) => ({ 'aria-label': t('customers.select.row', { name: row.name }) }),
          getTitleCheckboxProps: () => ({ 'aria-label': t('customers.select.page') }),
          onChange: (_keys, rows) => {
            const next = new Map(selected);
            const onPage = new Set((data?.content ?? []).map((r) => r.id));
            for (const id of onPage) next.delete(id);
            for (const row of rows) if (row) next.set(row.id, row);
            setSelected(next);
          },
        }}
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
      {tagTarget ? (
        <TagDialog
          target={tagTarget}
          onClose={(done) => {
            setTagTarget(null);
            if (done) setSelected(new Map());
          }}
        />
      ) : null}
      {adding ? <AddDoctorWizard onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}
