import { DataText } from '@/components/DataText';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Space } from 'antd';
import { useMarketWords } from '@/features/market/i18n';
import { marketOptionsQuery } from '../api';

/**
 * A drug and one of its indications, applied by the query button; both are required (spec 001
 * section 5). The page opens on the company's first medicine and its first indication, already
 * queried, so it shows figures at once (docs/decisions/0034).
 */
export function useDrugIndication() {
  const { t, msg } = useMarketWords();
  const { message } = App.useApp();
  const options = useQuery(marketOptionsQuery());
  const medicines = (options.data?.medicines ?? []).filter((m) => m.indications.length > 0);
  const drugs = medicines.flatMap((m) => [m.name, ...m.competitors].map((name) => ({ name, indications: m.indications })));
  // Until the user picks, the first medicine with indications and its first indication stand chosen.
  const first = medicines[0];
  const opening = first ? { medicine: first.name, indication: first.indications[0]! } : null;
  const [picked, setPicked] = useState<{ medicine: string; indication: string } | null>(null);
  const [queried, setQueried] = useState<{ medicine: string; indication: string } | null>(null);
  const { medicine, indication } = picked ?? opening ?? { medicine: '', indication: '' };
  const chosen = queried ?? opening;
  const setMedicine = (name: string) => setPicked({ medicine: name, indication: '' });
  const setIndication = (name: string) => setPicked({ medicine, indication: name });
  const indications = drugs.find((d) => d.name === medicine)?.indications ?? [];
  const query = () => {
    if (!medicine || !indication) return void message.warning(msg('market.drugIndicationRequired'));
    setQueried({ medicine, indication });
  };
  const bar = (
    <Space wrap className="market-filters">
      <Select
        data-testid="pick-drug"
        aria-label={t('market.drug')}
        style={{ width: 180 }}
        placeholder={t('market.drug')}
        value={medicine || undefined}
        onChange={(v: string) => setMedicine(v)}
        options={drugs.map((d) => ({ value: d.name, label: <DataText>{d.name}</DataText> }))}
      />
      <Select
        data-testid="pick-indication"
        aria-label={t('market.indication')}
        style={{ width: 180 }}
        placeholder={t('market.indication')}
        value={indication || undefined}
        onChange={(v: string) => setIndication(v)}
        options={indications.map((i) => ({ value: i, label: <DataText>{i}</DataText> }))}
      />
      <Button type="primary" onClick={query} data-testid="pick-query">
        {t('market.query')}
      </Button>
    </Space>
  );
  return { bar, chosen, loading: options.isPending };
}
