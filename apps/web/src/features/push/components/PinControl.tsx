import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CardRecord } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';
import { CARD_LISTS_KEY, setPin } from '../api/push-api';
import { defaultPinRange, isBeforeYesterday, pinPeriodOf } from '../push-time';
import { DateRangePicker } from '@/components/DateRangePicker';

/**
 * The pin switch of a published card (spec 000 section 4): on pins from today through one
 * year later, a change of the dates pins again with the new period, off unpins.
 */
export function PinControl({ card }: { card: CardRecord }) {
  const { t } = usePushWords();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const remark = card.remark;
  const pinnedRange: [Dayjs, Dayjs] | null =
    remark?.top && remark.topStartTime && remark.topEndTime ? [dayjs(remark.topStartTime), dayjs(remark.topEndTime)] : null;
  const [on, setOn] = useState(Boolean(remark?.top));
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(pinnedRange);
  const [busy, setBusy] = useState(false);
  const queueId = card.queueId;

  const call = async (status: boolean, period: [Dayjs, Dayjs] | null) => {
    if (queueId === null) return false;
    setBusy(true);
    try {
      await setPin({ queueId, status, ...(status && period ? pinPeriodOf(period) : {}) });
      void message.success(t(status ? 'push.done.pinned' : 'push.done.unpinned'));
      void queryClient.invalidateQueries({ queryKey: CARD_LISTS_KEY });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (checked: boolean) => {
    const period = checked ? defaultPinRange(dayjs()) : null;
    setOn(checked);
    setRange(period);
    if (!(await call(checked, period))) {
      setOn(!checked);
      setRange(pinnedRange);
    }
  };

  const changeDates = async (next: [Dayjs, Dayjs] | null) => {
    if (!next) {
      void message.warning(t('push.pin.choosePeriod'));
      return;
    }
    const before = range;
    setRange(next);
    if (!(await call(true, next))) setRange(before);
  };

  const now = dayjs();
  return (
    <Space size={6} wrap className="fp-push-pin">
      <Switch
        size="small"
        checked={on}
        loading={busy}
        onChange={(checked) => void toggle(checked)}
        aria-label={t('push.pin.switch', { id: card.id })}
        disabled={queueId === null}
      />
      <span>{t('push.pin.label')}</span>
      {on ? (
        <DateRangePicker
          size="small"
          value={range}
          aria-label={t('push.pin.period', { id: card.id })}
          disabledDate={(date) => isBeforeYesterday(date, now)}
          disabled={busy}
          onChange={(next) => void changeDates(next)}
          style={{ width: 230 }}
        />
      ) : null}
    </Space>
  );
}
