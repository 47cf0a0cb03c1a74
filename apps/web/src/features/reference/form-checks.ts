import { indicationDepartmentInput, indicationStageInput, journalInput, keywordInput, medicineInput, publicOpinionInput } from '@field-portal/shared';
import { formChecker } from '@/components/crud/form-rules';
import { medicineListErrors } from './medicine-rules';

/*
 * The server's request schemas of the reference tables' forms. A module of its own, loaded by
 * `checks-on-save.ts` with the first save, so the screens open without zod.
 */
const REFERENCE_FORMS = {
  indicationDepartment: indicationDepartmentInput,
  indicationStage: indicationStageInput,
  journal: journalInput,
  keyword: keywordInput,
  medicine: medicineInput,
  publicOpinion: publicOpinionInput,
} as const;

export type ReferenceFormName = keyof typeof REFERENCE_FORMS;

/** Every error of a form: the server schema's, then a medicine's repeated competitors and indications. */
export const checkForm = formChecker(REFERENCE_FORMS, { medicine: medicineListErrors });
