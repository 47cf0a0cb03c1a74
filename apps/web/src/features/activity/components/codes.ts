import {
  TASK_CLASSIFICATION_LABELS,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  VISIT_CHANNEL_LABELS,
  VISIT_STATUS_LABELS,
  VISIT_TYPE_LABELS,
  type MessageText,
  type TaskClassification,
  type VisitChannel,
} from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';

/** The UI labels of the area's codes in the current language (spec 001 section 3). */
export function useCodes() {
  const { lang } = useI18n();
  const pick = (text: MessageText | undefined, code: unknown) => (text ? text[lang] : String(code));
  return {
    channel: (c: string | null) => (c ? pick(VISIT_CHANNEL_LABELS[c as VisitChannel], c) : ''),
    visitStatus: (s: number) => pick(VISIT_STATUS_LABELS[s], s),
    visitType: (s: number) => pick(VISIT_TYPE_LABELS[s], s),
    taskStatus: (s: number) => pick(TASK_STATUS_LABELS[s], s),
    priority: (s: number) => pick(TASK_PRIORITY_LABELS[s], s),
    classification: (c: string) => pick(TASK_CLASSIFICATION_LABELS[c as TaskClassification], c),
  };
}
