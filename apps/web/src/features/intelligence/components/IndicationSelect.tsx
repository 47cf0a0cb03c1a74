import { DataText } from '@/components/DataText';
import { Select } from 'antd';
import { ALL_INDICATIONS } from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';

/** The indication every analysis needs (spec 001 section 5: indication is required on relation analysis). */
export function IndicationSelect({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const { t } = useIntelligenceWords();
  return (
    <Select
      showSearch
      aria-label={t('intel.indication')}
      data-testid="indication-select"
      style={{ width: 220 }}
      placeholder={t('intel.indication.placeholder')}
      value={value}
      onChange={onChange}
      options={[...ALL_INDICATIONS].map((name) => ({ value: name, label: <DataText>{name}</DataText> }))}
    />
  );
}

/** The indication a screen opens with: one most doctors have. */
export const DEFAULT_INDICATION = '高血压';
