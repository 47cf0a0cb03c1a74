import type { CorrectionChanges } from '@field-portal/shared';
import { useCustomersWords } from '@/features/customers/i18n';
import { departmentName, labelOf, titleOptions } from '../reference-options';

/** The values a correction proposes, as the reviewer reads them ("职称 → 主任医师"). */
export function ProposedChanges({ changes }: { changes: CorrectionChanges }) {
  const { t, lang } = useCustomersWords();
  const parts: string[] = [];
  if (changes.titleCode) parts.push(`${t('customers.filter.title')} → ${labelOf(titleOptions(lang), changes.titleCode)}`);
  if (changes.dept1Code)
    parts.push(
      `${t('customers.filter.department')} → ${[departmentName(changes.dept1Code, lang), departmentName(changes.dept2Code, lang)].filter(Boolean).join(' / ')}`,
    );
  if (parts.length === 0) return null;
  return <div className="fp-cust-muted">{t('customers.correction.proposes', { changes: parts.join(';') })}</div>;
}
