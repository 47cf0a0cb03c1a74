import { lazy } from 'react';
import { Tag } from 'antd';
import { API, type MedicineRecord, journalCategoryName, lexiconCategoryName } from '@field-portal/shared';
import { useReferenceWords, referenceWords, type ReferenceLabelKey } from '../i18n';
import { referenceChecks } from '../checks-on-save';
import { DataText } from '@/components/DataText';
import { bilingual } from '@/lib/i18n';
import { CrudScreen } from '@/components/crud';

const D = API.apps.data;
/** The medicine form's competitor rows and indications, loaded with its dialog. */
const MedicineFields = lazy(() => import('../components/MedicineFields').then((m) => ({ default: m.MedicineFields })));
/** A category in the screen's language, or, where it has no English, as written (data). */
const categoryShown = (shown: string, written: string, lang: string) => (lang === 'en' && shown === written ? <DataText>{written}</DataText> : shown);

/** /dataManage/medicineDurg: medicines with their competitors and indications. */
export function MedicinePage() {
  return (
    <CrudScreen<MedicineRecord, ReferenceLabelKey>
      words={referenceWords}
      title="apps.medicine.title"
      item="apps.item.medicine"
      entity="medicine"
      paths={D.medicine}
      checks={referenceChecks('medicine')}
      searchPlaceholder="apps.medicine.search"
      defaults={{ name: '', alias: '', code: '', companyId: '', competitors: [], indications: [] }}
      toForm={(row) => ({ ...row })}
      modalWidth={640}
      columns={[
        { key: 'name', label: 'apps.medicine.name', data: true },
        { key: 'alias', label: 'apps.medicine.alias', data: true },
        { key: 'code', label: 'apps.medicine.code', render: (r) => <code>{r.code}</code> },
        { key: 'companyId', label: 'apps.medicine.companyId' },
        {
          key: 'competitors',
          label: 'apps.medicine.competitors',
          data: true,
          render: (r) => (
            <span className="fp-apps-chips">
              {r.competitors.map((c) => (
                <Tag key={c.name}>{c.alias ? `${c.name} (${c.alias})` : c.name}</Tag>
              ))}
            </span>
          ),
        },
        {
          key: 'indications',
          label: 'apps.medicine.indications',
          data: true,
          render: (r) => (
            <span className="fp-apps-chips">
              {r.indications.map((i) => (
                <Tag key={i} color="blue">
                  {i}
                </Tag>
              ))}
            </span>
          ),
        },
      ]}
      fields={[
        { name: 'name', label: 'apps.medicine.name', required: true },
        { name: 'alias', label: 'apps.medicine.alias' },
        { name: 'code', label: 'apps.medicine.code', required: true, extra: 'apps.medicine.codeHint' },
        { name: 'companyId', label: 'apps.medicine.companyId' },
      ]}
      extraFields={MedicineFields}
    />
  );
}

interface StageRow {
  id: number;
  name: string;
  nameEn: string;
  sort: number;
}
/** /dataManage/indicationStage */
export function IndicationStagePage() {
  return (
    <CrudScreen<StageRow, ReferenceLabelKey>
      words={referenceWords}
      title="apps.stage.title"
      item="apps.item.stage"
      entity="indicationStage"
      paths={D.indicationStage}
      checks={referenceChecks('indicationStage')}
      searchPlaceholder="apps.stage.search"
      defaults={{ name: '', nameEn: '', sort: 0 }}
      toForm={({ name, nameEn, sort }) => ({ name, nameEn, sort })}
      columns={[
        { key: 'sort', label: 'apps.col.sort', width: 80 },
        { key: 'name', label: 'apps.stage.name', data: true },
        { key: 'nameEn', label: 'apps.col.nameEn' },
      ]}
      fields={[
        { name: 'name', label: 'apps.stage.name', required: true },
        { name: 'nameEn', label: 'apps.col.nameEn' },
        { name: 'sort', label: 'apps.col.sort', kind: 'number' },
      ]}
    />
  );
}

interface DepartmentRow {
  id: number;
  indication: string;
  department: string;
  departmentEn: string;
  sort: number;
}
/** /dataManage/indicationDepartment */
export function IndicationDepartmentPage() {
  return (
    <CrudScreen<DepartmentRow, ReferenceLabelKey>
      words={referenceWords}
      title="apps.department.title"
      item="apps.item.department"
      entity="indicationDepartment"
      paths={D.indicationDepartment}
      checks={referenceChecks('indicationDepartment')}
      searchPlaceholder="apps.department.search"
      defaults={{ indication: '', department: '', departmentEn: '', sort: 0 }}
      toForm={({ indication, department, departmentEn, sort }) => ({ indication, department, departmentEn, sort })}
      columns={[
        { key: 'indication', label: 'apps.department.indication', data: true },
        { key: 'department', label: 'apps.department.department', data: true },
        { key: 'departmentEn', label: 'apps.department.departmentEn' },
        { key: 'sort', label: 'apps.col.sort', width: 80 },
      ]}
      fields={[
        { name: 'indication', label: 'apps.department.indication', required: true },
        { name: 'department', label: 'apps.department.department', required: true },
        { name: 'departmentEn', label: 'apps.department.departmentEn' },
        { name: 'sort', label: 'apps.col.sort', kind: 'number' },
      ]}
    />
  );
}

interface OpinionRow {
  id: number;
  drug: string;
  sentiment: 'positive' | 'negative';
  standardCategory: string;
  category: string;
  categoryEn: string;
  company: string;
}
/** /dataManage/medicinePublicOpinion */
export function PublicOpinionPage() {
  const { t } = useReferenceWords();
  return (
    <CrudScreen<OpinionRow, ReferenceLabelKey>
      words={referenceWords}
      title="apps.opinion.title"
      item="apps.item.opinion"
      entity="publicOpinion"
      paths={D.publicOpinion}
      checks={referenceChecks('publicOpinion')}
      searchPlaceholder="apps.opinion.search"
      defaults={{ drug: '', sentiment: undefined, standardCategory: '', category: '', categoryEn: '', company: '' }}
      toForm={({ id, ...row }) => (void id, row)}
      columns={[
        { key: 'drug', label: 'apps.opinion.drug', data: true },
        {
          key: 'sentiment',
          label: 'apps.opinion.sentiment',
          render: (r) => (
            <Tag color={r.sentiment === 'positive' ? 'green' : 'red'}>{t(r.sentiment === 'positive' ? 'apps.opinion.positive' : 'apps.opinion.negative')}</Tag>
          ),
        },
        { key: 'standardCategory', label: 'apps.opinion.standardCategory', data: true },
        {
          key: 'category',
          label: 'apps.opinion.category',
          // a category without its English name is shown as written
          render: (r, lang) => (lang === 'en' && !r.categoryEn ? <DataText>{r.category}</DataText> : bilingual(r.category, r.categoryEn, lang)),
        },
        { key: 'company', label: 'apps.opinion.company', data: true },
      ]}
      fields={[
        { name: 'drug', label: 'apps.opinion.drug', required: true },
        {
          name: 'sentiment',
          label: 'apps.opinion.sentiment',
          kind: 'select',
          required: true,
          options: [
            { value: 'positive', label: 'apps.opinion.positive' },
            { value: 'negative', label: 'apps.opinion.negative' },
          ],
        },
        { name: 'standardCategory', label: 'apps.opinion.standardCategory', required: true },
        { name: 'category', label: 'apps.opinion.category', required: true },
        { name: 'categoryEn', label: 'apps.opinion.categoryEn' },
        { name: 'company', label: 'apps.opinion.company' },
      ]}
    />
  );
}

interface KeywordRow {
  id: number;
  keyword: string;
  category: string;
  enabled: boolean;
}
/** /dataManage/keyword */
export function KeywordPage() {
  const { t } = useReferenceWords();
  return (
    <CrudScreen<KeywordRow, ReferenceLabelKey>
      words={referenceWords}
      title="apps.keyword.title"
      item="apps.item.keyword"
      entity="keyword"
      paths={D.keyword}
      checks={referenceChecks('keyword')}
      searchPlaceholder="apps.keyword.search"
      defaults={{ keyword: '', category: '', enabled: true }}
      toForm={({ keyword, category, enabled }) => ({ keyword, category, enabled })}
      columns={[
        { key: 'keyword', label: 'apps.keyword.keyword', data: true },
        { key: 'category', label: 'apps.keyword.category', render: (r, lang) => categoryShown(lexiconCategoryName(r.category, lang), r.category, lang) },
        {
          key: 'enabled',
          label: 'apps.col.enabled',
          render: (r) => <Tag color={r.enabled ? 'green' : 'default'}>{t(r.enabled ? 'apps.yes' : 'apps.no')}</Tag>,
        },
      ]}
      fields={[
        { name: 'keyword', label: 'apps.keyword.keyword', required: true },
        { name: 'category', label: 'apps.keyword.category' },
        { name: 'enabled', label: 'apps.col.enabled', kind: 'switch' },
      ]}
    />
  );
}

interface JournalRow {
  id: number;
  name: string;
  category: string;
  alias: string;
  formerName: string;
}
/** /dataManage/journalTable */
export function JournalPage() {
  return (
    <CrudScreen<JournalRow, ReferenceLabelKey>
      words={referenceWords}
      title="apps.journal.title"
      item="apps.item.journal"
      entity="journal"
      paths={D.journal}
      checks={referenceChecks('journal')}
      searchPlaceholder="apps.journal.search"
      defaults={{ name: '', category: '', alias: '', formerName: '' }}
      toForm={({ name, category, alias, formerName }) => ({ name, category, alias, formerName })}
      columns={[
        { key: 'name', label: 'apps.journal.name', data: true },
        { key: 'category', label: 'apps.journal.category', render: (r, lang) => categoryShown(journalCategoryName(r.category, lang), r.category, lang) },
        { key: 'alias', label: 'apps.journal.alias', data: true },
        { key: 'formerName', label: 'apps.journal.formerName', data: true },
      ]}
      fields={[
        { name: 'name', label: 'apps.journal.name', required: true },
        { name: 'category', label: 'apps.journal.category', required: true },
        { name: 'alias', label: 'apps.journal.alias' },
        { name: 'formerName', label: 'apps.journal.formerName' },
      ]}
    />
  );
}
