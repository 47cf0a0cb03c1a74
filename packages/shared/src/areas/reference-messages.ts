import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of the reference tables of data management (medicines, indication stages and departments, public opinion, keywords, journals), zh and en (merged into MESSAGES). */
export const REFERENCE_DATA_MESSAGES = {
  'data.medicine.nameRequired': { zh: '请输入药品名称', en: 'Please enter the medicine name' },
  'data.medicine.codeRequired': { zh: '请输入药品编码', en: 'Please enter the medicine code' },
  'data.medicine.codeInvalid': { zh: '药品编码只能包含字母、数字、- 和 _', en: 'The medicine code holds only letters, digits, - and _' },
  'data.medicine.codeTaken': { zh: '药品编码已存在', en: 'This medicine code is already in use' },
  'data.medicine.competitorRequired': { zh: '请输入竞品名称', en: 'Please enter the competitor name' },
  'data.medicine.competitorDuplicate': { zh: '竞品重复: {name}', en: 'Duplicate competitor: {name}' },
  'data.medicine.indicationRequired': { zh: '适应症不能为空', en: 'The indication must not be empty' },
  'data.medicine.indicationDuplicate': { zh: '适应症重复: {name}', en: 'Duplicate indication: {name}' },
  'data.stage.nameRequired': { zh: '请输入阶段名称', en: 'Please enter the stage name' },
  'data.stage.nameTaken': { zh: '阶段名称已存在', en: 'This stage name is already in use' },
  'data.department.indicationRequired': { zh: '请输入适应症', en: 'Please enter the indication' },
  'data.department.departmentRequired': { zh: '请输入科室', en: 'Please enter the department' },
  'data.department.taken': { zh: '该适应症与科室的对应已存在', en: 'This indication and department pair already exists' },
  'data.opinion.drugRequired': { zh: '请输入药品', en: 'Please enter the drug' },
  'data.opinion.sentimentRequired': { zh: '请选择正面或负面', en: 'Please choose positive or negative' },
  'data.opinion.standardCategoryRequired': { zh: '请输入标准类别', en: 'Please enter the standard category' },
  'data.opinion.categoryRequired': { zh: '请输入类别', en: 'Please enter the category' },
  'data.keyword.required': { zh: '请输入关键词', en: 'Please enter the keyword' },
  'data.keyword.taken': { zh: '关键词已存在', en: 'This keyword already exists' },
  'data.journal.nameRequired': { zh: '请输入期刊名称', en: 'Please enter the journal name' },
  'data.journal.categoryRequired': { zh: '请输入期刊类别', en: 'Please enter the journal category' },
  'data.journal.nameTaken': { zh: '期刊名称已存在', en: 'This journal name is already in use' },
} as const satisfies Record<string, MessageText>;

export type ReferenceDataMessageKey = keyof typeof REFERENCE_DATA_MESSAGES;
