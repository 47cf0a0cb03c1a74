import { useCallback, useState } from 'react';
import { Button, Segmented, Select } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useCustomersWords } from '@/features/customers/i18n';
import { customersApi } from '../api/customers-api';
import { choose, type Choice, type DoctorFilterKey, type DoctorFilters } from '../filters';
import {
  cityLevelOptions,
  departmentOptions,
  directionOptions,
  doctorRangeOptions,
  gradeOptions,
  indicationOptions,
  ONLINE_PATIENT_MINIMUMS,
  OUTPATIENT_DAYS,
  outpatientTypeOptions,
  titleOptions,
} from '../reference-options';
import { HospitalPicker } from './HospitalPicker';
import { LazyCascader } from './LazyCascader';
import { TagPicker } from './TagPicker';
import '../customers.css';

/** A select over fixed choices that keeps the chosen labels for the chips. */
function ChoiceSelect({
  label,
  options,
  value,
  onChange,
  multiple,
}: {
  label: string;
  options: Choice[];
  value: Choice[];
  onChange: (c: Choice[]) => void;
  multiple?: boolean;
}) {
  const byValue = new Map(options.map((o) => [o.value, o]));
  const pick = (values: string[]) => onChange(values.map((v) => byValue.get(v)).filter((c): c is Choice => Boolean(c)));
  return (
    <Select
      className="fp-cust-filter"
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      mode={multiple ? 'multiple' : undefined}
      options={options}
      value={multiple ? value.map((c) => c.value) : value[0]?.value}
      onChange={(v: string | string[] | undefined) => pick(v === undefined ? [] : Array.isArray(v) ? v : [v])}
    />
  );
}

/** The doctor filters of spec 001 section 3; doctor range is required and always set. */
export function DoctorFilterForm({
  filters,
  onChange,
  hidden = [],
}: {
  filters: DoctorFilters;
  onChange: (next: DoctorFilters) => void;
  hidden?: DoctorFilterKey[];
}) {
  const { t, lang } = useCustomersWords();
  const [more, setMore] = useState(false);
  const set = (key: DoctorFilterKey) => (choices: Choice[]) => onChange(choose(filters, key, choices));
  const value = (key: DoctorFilterKey) => filters.chosen[key] ?? [];
  const loadRegion = useCallback((depth: number, parent: string | null) => customersApi.regions(depth, parent), []);
  const loadDepartment = useCallback((_depth: number, parent: string | null) => Promise.resolve(departmentOptions(lang, parent)), [lang]);
  const dept1 = filters.chosen.department?.[0]?.value;
  const minimum = (n: number) => ({ value: String(n), label: `≥ ${n}` });

  return (
    <div className="fp-cust-filters">
      <div className="fp-cust-filter-row">
        <Segmented
          aria-label={t('customers.filter.doctorRange')}
          value={filters.doctorRange}
          options={doctorRangeOptions(lang)}
          onChange={(doctorRange) => onChange({ ...filters, doctorRange: String(doctorRange) })}
        />
        <LazyCascader
          levels={3}
          load={loadRegion}
          value={value('region')}
          onChange={set('region')}
          placeholder={t('customers.filter.region')}
          ariaLabel={t('customers.filter.region')}
          style={{ width: 240 }}
        />
        <LazyCascader
          key={lang}
          levels={2}
          load={loadDepartment}
          value={value('department')}
          onChange={(choices) => onChange(choose(choose(filters, 'department', choices), 'direction', []))}
          placeholder={t('customers.filter.department')}
          ariaLabel={t('customers.filter.department')}
          style={{ width: 220 }}
        />
        <ChoiceSelect label={t('customers.filter.title')} options={titleOptions(lang)} value={value('title')} onChange={set('title')} multiple />
        <Button type="link" onClick={() => setMore(!more)} icon={more ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
          {more ? t('customers.filters.fewer') : t('customers.filters.more')}
        </Button>
      </div>
      {more ? (
        <div className="fp-cust-filter-row">
          <ChoiceSelect
            label={t('customers.filter.cityLevel')}
            options={cityLevelOptions(lang)}
            value={value('cityLevel')}
            onChange={set('cityLevel')}
            multiple
          />
          {hidden.includes('hospital') ? null : <HospitalPicker value={value('hospital')} onChange={set('hospital')} />}
          <ChoiceSelect
            label={t('customers.filter.hospitalLevel')}
            options={gradeOptions(lang)}
            value={value('hospitalLevel')}
            onChange={set('hospitalLevel')}
            multiple
          />
          <ChoiceSelect
            label={t('customers.filter.direction')}
            options={directionOptions(lang, dept1)}
            value={value('direction')}
            onChange={set('direction')}
            multiple
          />
          <ChoiceSelect
            label={t('customers.filter.indication')}
            options={indicationOptions()}
            value={value('indication')}
            onChange={set('indication')}
            multiple
          />
          <ChoiceSelect
            label={t('customers.filter.onlinePatients')}
            options={ONLINE_PATIENT_MINIMUMS.map(minimum)}
            value={value('onlinePatients')}
            onChange={set('onlinePatients')}
          />
          <ChoiceSelect
            label={t('customers.filter.outpatientDays')}
            options={OUTPATIENT_DAYS.map((n) => ({ value: String(n), label: t('customers.filter.daysPerWeek', { n }) }))}
            value={value('outpatientDays')}
            onChange={set('outpatientDays')}
            multiple
          />
          <ChoiceSelect
            label={t('customers.filter.outpatientType')}
            options={outpatientTypeOptions(lang)}
            value={value('outpatientType')}
            onChange={set('outpatientType')}
            multiple
          />
          <TagPicker value={value('tag')} onChange={set('tag')} />
        </div>
      ) : null}
    </div>
  );
}
