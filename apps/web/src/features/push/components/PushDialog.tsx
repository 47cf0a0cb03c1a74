import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, DatePicker, Form, InputNumber, Modal, Progress, Radio, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { PUSH_LIMITS, type CardRecord, type PushCardRequest } from '@field-portal/shared';
import { lazyPart } from '@/components/lazy-dialog';
import { usePushWords } from '@/features/push/i18n';
import { CARD_LISTS_KEY, directorySize, pushCard } from '../api/push-api';
import {
  cardSetting,
  changedFields,
  defaultPinRange,
  emptyPushValues,
  isBeforeYesterday,
  isPositiveWhole,
  needsRecipientConfirmation,
  recipientCount,
  type PushFormValues,
} from '../push-form';
import { EmptyState } from '@/components/EmptyState';
import { DateRangePicker } from '@/components/DateRangePicker';

/*
 * The recipient list (with antd's Upload) and the directory search load when their scope is
 * chosen, as the date pickers load when "at a time" or the pin is chosen (docs/decisions/0031).
 */
const ReceiverListUpload = lazyPart(() => import('./ReceiverListUpload').then((m) => m.ReceiverListUpload));
const StaffPicker = lazyPart(() => import('./StaffPicker').then((m) => m.StaffPicker));

interface PushDialogProps {
  open: boolean;
  cards: CardRecord[];
  onClose: () => void;
  /** After a successful push: the dialog has reset; the screen empties its selection. */
  onPushed: () => void;
}

/**
 * The push-settings dialog (spec 000 sections 2, 3 and 5): the selected cards with their
 * must-read settings, the push time (send immediately or a chosen time), the recipient scope
 * (all staff, an uploaded list, named staff) and the pin with its period. Every rule of
 * section 5 is checked here with its message before the call; the server checks them again.
 */
export function PushDialog({ open, cards, onClose, onPushed }: PushDialogProps) {
  const { t, msg, anyMsg, lang } = usePushWords();
  const people = (n: number) => n.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PushFormValues>();
  const [progress, setProgress] = useState<number>();
  const [checking, setChecking] = useState(false);
  const timeMode = Form.useWatch('timeMode', form);
  const scope = Form.useWatch('scope', form);
  const top = Form.useWatch('top', form);
  const settings = Form.useWatch('cards', { form, preserve: true }) as PushFormValues['cards'] | undefined;
  const listReceivers = Form.useWatch('listReceivers', { form, preserve: true }) as PushFormValues['listReceivers'] | undefined;
  const namedReceivers = Form.useWatch('namedReceivers', { form, preserve: true }) as PushFormValues['namedReceivers'] | undefined;

  // The selected cards come in as the dialog opens; settings already made for a card stay.
  useEffect(() => {
    if (!open) return;
    const current = new Map(((form.getFieldValue('cards') as PushFormValues['cards'] | undefined) ?? []).map((c) => [c.id, c]));
    form.setFieldValue(
      'cards',
      cards.map((card) => current.get(card.id) ?? cardSetting(card)),
    );
  }, [open, cards, form]);

  const push = useMutation({
    mutationFn: (body: PushCardRequest) => {
      setProgress(0);
      return pushCard(body, setProgress);
    },
    onSettled: () => setProgress(undefined),
  });

  // All staff is the directory: its size is asked for while that scope is chosen.
  const directory = useQuery({ queryKey: ['push', 'directory', 'size'], queryFn: directorySize, enabled: open && (scope ?? 0) === 0, staleTime: 60_000 });
  const count = recipientCount({ scope: scope ?? 0, listReceivers: listReceivers ?? [], namedReceivers: namedReceivers ?? [] }, directory.data);

  const send = (body: PushCardRequest) =>
    push.mutate(body, {
      onSuccess: () => {
        void message.success(msg('push.ok'));
        // After a successful push the dialog closes and its fields reset (spec 000 section 4).
        form.setFieldsValue(emptyPushValues());
        form.resetFields();
        void queryClient.invalidateQueries({ queryKey: CARD_LISTS_KEY });
        onPushed();
        onClose();
      },
    });

  const submit = async () => {
    const values = { ...emptyPushValues(), ...(form.getFieldsValue(true) as PushFormValues) };
    // The checks read the shared push schemas: loaded with the first push, not with the dialog.
    setChecking(true);
    const { pushBodyOf, pushFormProblem } = await import('../push-checks').finally(() => setChecking(false));
    const problem = pushFormProblem(values);
    if (problem) {
      const text = anyMsg(problem.key);
      void message.error(text);
      form.setFields([{ name: problem.field, errors: [text] }]);
      return;
    }
    const body = pushBodyOf(values);
    if (!needsRecipientConfirmation(values.scope, count)) {
      send(body);
      return;
    }
    // A push to many people is asked again, with the count (PUSH_LIMITS.confirmRecipientsAbove).
    modal.confirm({
      title: t('push.confirm.recipientsTitle'),
      content:
        count === undefined
          ? t('push.confirm.recipientsAll')
          : t(values.scope === 0 ? 'push.confirm.recipientsAllN' : 'push.confirm.recipientsN', { n: people(count) }),
      okText: t('push.confirm.recipientsOk'),
      cancelText: t('common.cancel'),
      onOk: () => send(body),
    });
  };

  const wholeRule = (max: number, key: 'push.unreadTime' | 'push.maxPushTimes') => ({
    validator: (_: unknown, value: unknown) => (isPositiveWhole(value, max) ? Promise.resolve() : Promise.reject(new Error(msg(key)))),
  });
  const now = dayjs();

  return (
    <Modal
      open={open}
      title={t('push.dialog.title')}
      width={760}
      okText={t('push.action.push')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={push.isPending ? undefined : onClose}
      confirmLoading={push.isPending || checking}
      maskClosable={false}
      forceRender
      className="fp-push-dialog"
    >
      <Form<PushFormValues>
        form={form}
        layout="vertical"
        initialValues={emptyPushValues()}
        disabled={push.isPending}
        onValuesChange={(changed: Partial<PushFormValues>) => {
          // A changed field drops the message shown under it (a card's setting too); its own rule then checks it again.
          form.setFields(changedFields(changed).map((name) => ({ name, errors: [] })));
          if (changed.top === true && !form.getFieldValue('topRange')) form.setFieldValue('topRange', defaultPinRange(dayjs()));
        }}
      >
        <div className="fp-push-section-label">
          <span className="fp-push-required">*</span> {t('push.dialog.cards', { n: cards.length })}
        </div>
        {cards.length === 0 ? <EmptyState description={t('push.dialog.noCards')} /> : null}
        <div className="fp-push-card-settings">
          {(settings ?? []).map((card, index) => (
            <div key={card.id} className="fp-push-card-setting" data-testid={`push-setting-${card.id}`}>
              <div className="fp-push-card-setting-title">
                <Typography.Text strong ellipsis={{ tooltip: card.title }}>
                  {card.title || t('push.list.untitled')}
                </Typography.Text>
                <Typography.Text type="secondary">#{card.id}</Typography.Text>
              </div>
              <Space wrap align="start" size={[16, 0]}>
                <Form.Item name={['cards', index, 'mustRead']} valuePropName="checked" label={t('push.dialog.mustRead')} className="fp-push-inline">
                  <Switch aria-label={t('push.dialog.mustReadOf', { id: card.id })} />
                </Form.Item>
                {card.mustRead ? (
                  <>
                    <Form.Item name={['cards', index, 'keepOnTop']} valuePropName="checked" label={t('push.dialog.keepOnTop')} className="fp-push-inline">
                      <Switch aria-label={t('push.dialog.keepOnTopOf', { id: card.id })} />
                    </Form.Item>
                    {/* No min, max or precision: they would change a typed 0 or 1.5 in silence; the rule says what is wrong. */}
                    <Form.Item
                      name={['cards', index, 'notReadTime']}
                      label={t('push.dialog.notReadTime')}
                      className="fp-push-inline"
                      rules={[wholeRule(PUSH_LIMITS.notReadTimeMax, 'push.unreadTime')]}
                    >
                      <InputNumber
                        aria-label={t('push.dialog.notReadTimeOf', { id: card.id })}
                        maxLength={4}
                        suffix={t('push.dialog.hours')}
                        style={{ width: 140 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={['cards', index, 'pushNum']}
                      label={t('push.dialog.pushNum')}
                      className="fp-push-inline"
                      rules={[wholeRule(PUSH_LIMITS.pushNumMax, 'push.maxPushTimes')]}
                    >
                      <InputNumber aria-label={t('push.dialog.pushNumOf', { id: card.id })} suffix={t('push.dialog.times')} style={{ width: 120 }} />
                    </Form.Item>
                  </>
                ) : null}
              </Space>
              {card.mustRead ? <div className="fp-push-muted">{t('push.dialog.mustReadHint')}</div> : null}
            </div>
          ))}
        </div>

        <Space wrap align="start" size={[24, 0]}>
          <Form.Item name="timeMode" label={t('push.dialog.time')} required>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'now', label: t('push.dialog.sendNow') },
                { value: 'at', label: t('push.dialog.sendAt') },
              ]}
            />
          </Form.Item>
          {timeMode === 'at' ? (
            <Form.Item name="pushAt" label={t('push.dialog.pushAt')} required>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                aria-label={t('push.dialog.pushAt')}
                placeholder={t('push.dialog.pushAtPlaceholder')}
                disabledDate={(date) => isBeforeYesterday(date, now)}
                style={{ width: 220 }}
              />
            </Form.Item>
          ) : null}
        </Space>

        <Form.Item name="scope" label={t('push.dialog.scope')} required>
          <Radio.Group
            options={[
              { value: 0, label: t('push.dialog.scopeAll') },
              { value: 1, label: t('push.dialog.scopeList') },
              { value: 2, label: t('push.dialog.scopeNamed') },
            ]}
          />
        </Form.Item>
        {scope === 1 ? (
          <Form.Item name="listReceivers" label={t('push.dialog.list')} required>
            <ReceiverListUpload />
          </Form.Item>
        ) : null}
        {scope === 2 ? (
          <Form.Item name="namedReceivers" label={t('push.dialog.named')} required>
            <StaffPicker />
          </Form.Item>
        ) : null}
        <Typography.Paragraph type="secondary" className="fp-push-count" data-testid="push-recipients">
          {count === undefined
            ? t(directory.isError ? 'push.dialog.recipientsUnknown' : 'push.dialog.recipientsCounting')
            : t((scope ?? 0) === 0 ? 'push.dialog.recipientsAll' : 'push.dialog.recipients', { n: people(count) })}
        </Typography.Paragraph>

        <Space wrap align="start" size={[24, 0]}>
          <Form.Item name="top" valuePropName="checked" label={t('push.dialog.pin')} extra={t('push.dialog.pinNote')}>
            <Switch aria-label={t('push.dialog.pin')} />
          </Form.Item>
          {top ? (
            <Form.Item name="topRange" label={t('push.dialog.pinPeriod')} required>
              <DateRangePicker
                aria-label={t('push.dialog.pinPeriod')}
                disabledDate={(date) => isBeforeYesterday(date, now)}
                onChange={(range) => {
                  // Clearing the period says so at once (spec 000 section 5).
                  if (!range) setTimeout(() => form.setFields([{ name: 'topRange', errors: [t('push.pin.choosePeriod')] }]), 0);
                }}
              />
            </Form.Item>
          ) : null}
        </Space>
      </Form>
      {push.isPending ? (
        <div className="fp-push-progress" aria-live="polite">
          <Progress percent={progress ?? 0} status="active" format={(p) => (p === 100 ? t('push.dialog.queueing') : `${p}%`)} />
          <Typography.Text type="secondary">{t('push.dialog.sending', { n: count ?? t('push.dialog.allStaff') })}</Typography.Text>
        </div>
      ) : null}
      {push.isError ? <Alert type="error" showIcon title={t('push.dialog.failed')} /> : null}
    </Modal>
  );
}
