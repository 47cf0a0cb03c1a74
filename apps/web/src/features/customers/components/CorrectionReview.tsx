import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Alert, Button, Space } from 'antd';
import type { CorrectionRow } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { customersApi } from '../api/customers-api';
import { ProposedChanges } from './ProposedChanges';
import { formatTime } from '@/lib/format';
import { DATA } from '@/lib/data-text';
import { DATA_SLOT, SentenceWithData } from '@/components/DataText';

/**
 * A doctor's pending corrections: everyone sees that the record is waiting for a decision; an
 * administrator accepts or rejects each (the server refuses the others).
 */
export function CorrectionReview({ corrections, canDecide }: { corrections: CorrectionRow[]; canDecide: boolean }) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const decide = async (id: number, accept: boolean) => {
    setBusy(id);
    try {
      await customersApi.decideCorrection(id, accept);
      void message.success(t(accept ? 'customers.correction.acceptedDone' : 'customers.correction.rejectedDone'));
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="fp-cust-stack">
      {corrections.map((c) => (
        <Alert
          key={c.id}
          type="warning"
          showIcon
          title={
            <SentenceWithData sentence={t('customers.correction.pendingFrom', { who: DATA_SLOT, when: formatTime(c.createdAt) })} value={c.createdByName} />
          }
          description={
            <>
              <span className="fp-cust-correction-text" {...DATA}>
                {c.content}
              </span>
              <ProposedChanges changes={c.changes} />
            </>
          }
          action={
            canDecide ? (
              <Space orientation="vertical">
                <Button size="small" type="primary" loading={busy === c.id} onClick={() => void decide(c.id, true)}>
                  {t('customers.correction.accept')}
                </Button>
                <Button size="small" danger disabled={busy === c.id} onClick={() => void decide(c.id, false)}>
                  {t('customers.correction.reject')}
                </Button>
              </Space>
            ) : undefined
          }
        />
      ))}
    </div>
  );
}
