import { z } from 'zod';
import { APPS_LIMITS as L } from './apps.js';
import { idField, listFormMessage as m, listFormMissing as missing, optionalText, requiredText, sortField } from './apps-fields.js';

/** Request schemas and records of the reference tables of data management: medicines, indication stages and departments, public opinion, keywords, journals (docs/decisions/0010). */

export const medicineInput = z.strictObject({
  name: requiredText('data.medicine.nameRequired'),
  alias: optionalText(L.nameMax),
  code: z
    .string(missing('data.medicine.codeRequired'))
    .trim()
    .min(1, m('data.medicine.codeRequired'))
    .max(30)
    .regex(/^[A-Za-z0-9_-]+$/, m('data.medicine.codeInvalid')),
  companyId: optionalText(L.nameMax),
  competitors: z
    .array(z.strictObject({ name: requiredText('data.medicine.competitorRequired'), alias: optionalText(L.nameMax) }))
    .max(L.competitorsMax)
    .default([]),
  indications: z.array(requiredText('data.medicine.indicationRequired', 100)).max(L.indicationsMax).default([]),
});
export const medicineUpdate = medicineInput.extend({ id: idField });
export type MedicineInput = z.input<typeof medicineInput>;
export interface MedicineRecord {
  id: number;
  name: string;
  alias: string;
  code: string;
  companyId: string;
  competitors: { name: string; alias: string }[];
  indications: string[];
}

export const indicationStageInput = z.strictObject({
  name: requiredText('data.stage.nameRequired'),
  nameEn: optionalText(L.nameMax),
  sort: sortField,
});
export const indicationStageUpdate = indicationStageInput.extend({ id: idField });

export const indicationDepartmentInput = z.strictObject({
  indication: requiredText('data.department.indicationRequired', 100),
  department: requiredText('data.department.departmentRequired'),
  departmentEn: optionalText(L.nameMax),
  sort: sortField,
});
export const indicationDepartmentUpdate = indicationDepartmentInput.extend({ id: idField });

export const SENTIMENTS = ['positive', 'negative'] as const;
export const publicOpinionInput = z.strictObject({
  drug: requiredText('data.opinion.drugRequired'),
  sentiment: z.enum(SENTIMENTS, m('data.opinion.sentimentRequired')),
  standardCategory: requiredText('data.opinion.standardCategoryRequired'),
  category: requiredText('data.opinion.categoryRequired'),
  categoryEn: optionalText(L.nameMax),
  company: optionalText(L.nameMax),
});
export const publicOpinionUpdate = publicOpinionInput.extend({ id: idField });

export const keywordInput = z.strictObject({
  keyword: requiredText('data.keyword.required'),
  category: optionalText(L.nameMax),
  enabled: z.boolean().default(true),
});
export const keywordUpdate = keywordInput.extend({ id: idField });

export const journalInput = z.strictObject({
  name: requiredText('data.journal.nameRequired', 100),
  category: requiredText('data.journal.categoryRequired'),
  alias: optionalText(100),
  formerName: optionalText(100),
});
export const journalUpdate = journalInput.extend({ id: idField });
