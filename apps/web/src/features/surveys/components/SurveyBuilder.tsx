import { useState } from 'react';
import { dataOptions } from '@/components/DataText';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { QUESTION_TYPES, SURVEY_LIMITS, type SurveyDetail, type SurveyQuestionInput } from '@field-portal/shared';
import { isHttpError } from '@/lib/http';
import { useSurveysWords, type SurveysLabelKey } from '@/features/surveys/i18n';
import { audienceQuery, saveSurvey } from '../api';
import { move, newQuestion, nextId } from '../builder-model';
import { DateRangePicker } from '@/components/DateRangePicker';

type Choice = { id: string; label: string };

/**
 * The survey builder (antd on the survey's JSON schema): questions of seven types, each required
 * or not, in the order shown; audience, period, anonymity and repeats. The server checks the
 * schema again and names what it refuses (docs/decisions/0021).
 */
export function SurveyBuilder({ survey, onClose, onSaved }: { survey: SurveyDetail | null; onClose: () => void; onSaved: (s: SurveyDetail) => void }) {
  const { t, msg } = useSurveysWords();
  const { message } = App.useApp();
  const [title, setTitle] = useState(survey?.title ?? '');
  const [description, setDescription] = useState(survey?.description ?? '');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(
    survey ? [dayjs(survey.startTime), dayjs(survey.endTime)] : [dayjs().startOf('hour'), dayjs().startOf('hour').add(7, 'day')],
  );
  const [audience, setAudience] = useState<'all' | 'users'>(survey?.audience ?? 'all');
  const [userIds, setUserIds] = useState<number[]>(survey?.audienceUsers.map((u) => u.userId) ?? []);
  const [anonymous, setAnonymous] = useState(survey?.anonymous ?? false);
  const [allowRepeat, setAllowRepeat] = useState(survey?.allowRepeat ?? false);
  const [questions, setQuestions] = useState<SurveyQuestionInput[]>((survey?.schema.questions as SurveyQuestionInput[] | undefined) ?? []);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const users = useQuery({ ...audienceQuery(keyword), enabled: audience === 'users' });
  const known = new Map([...(survey?.audienceUsers ?? []), ...(users.data ?? [])].map((u) => [u.userId, u]));

  const update = (index: number, patch: Partial<SurveyQuestionInput>) =>
    setQuestions((qs) => qs.map((q, i) => (i === index ? ({ ...q, ...patch } as SurveyQuestionInput) : q)));
  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const saved = await saveSurvey({
        ...(survey ? { id: survey.id } : {}),
        title,
        description,
        schema: { questions },
        audience,
        userIds: audience === 'users' ? userIds : [],
        startTime: period[0].toISOString(),
        endTime: period[1].toISOString(),
        anonymous,
        allowRepeat,
      });
      void message.success(t('surveys.builder.saved'));
      onSaved(saved);
    } catch (e) {
      if (isHttpError(e)) setError(`${e.serverMessage ?? ''}${e.field ? ` (${e.field})` : ''}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={900}
      title={t(survey ? 'surveys.builder.edit' : 'surveys.builder.new')}
      okText={t('surveys.builder.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('surveys.field.title')} required>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={SURVEY_LIMITS.titleMax} aria-label={t('surveys.field.title')} />
        </Form.Item>
        <Form.Item label={t('surveys.field.description')}>
          <Input.TextArea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={SURVEY_LIMITS.descriptionMax}
            autoSize={{ minRows: 1, maxRows: 3 }}
          />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label={t('surveys.field.period')} required>
            <DateRangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={period} onChange={(range) => range && setPeriod(range)} />
          </Form.Item>
          <Form.Item label={t('surveys.field.anonymous')} tooltip={msg('survey.resultsHidden')}>
            <Switch checked={anonymous} onChange={setAnonymous} aria-label={t('surveys.field.anonymous')} />
          </Form.Item>
          <Form.Item label={t('surveys.field.allowRepeat')}>
            <Switch checked={allowRepeat} onChange={setAllowRepeat} aria-label={t('surveys.field.allowRepeat')} />
          </Form.Item>
        </Space>
        <Form.Item label={t('surveys.field.audience')}>
          <Space wrap>
            <Radio.Group
              value={audience}
              onChange={(e) => setAudience(e.target.value as 'all' | 'users')}
              options={[
                { value: 'all', label: t('surveys.audience.all') },
                { value: 'users', label: t('surveys.audience.users') },
              ]}
            />
            {audience === 'users' && (
              <Select
                mode="multiple"
                style={{ minWidth: 360 }}
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                aria-label={t('surveys.audience.users')}
                value={userIds}
                onChange={setUserIds}
                options={[...known.values()].map((u) => ({ value: u.userId, label: `${u.name} (${u.username})` }))}
                {...dataOptions}
              />
            )}
          </Space>
        </Form.Item>
      </Form>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {questions.map((q, index) => (
          <Card
            key={q.id}
            size="small"
            className="fp-survey-question-card"
            title={
              <Space>
                <span>{index + 1}.</span>
                <span className="fp-survey-type">{t(`surveys.type.${q.type}` as SurveysLabelKey)}</span>
              </Space>
            }
            extra={
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('surveys.builder.up')}
                  disabled={index === 0}
                  onClick={() => setQuestions((qs) => move(qs, index, -1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('surveys.builder.down')}
                  disabled={index === questions.length - 1}
                  onClick={() => setQuestions((qs) => move(qs, index, 1))}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('surveys.builder.remove')}
                  onClick={() => setQuestions((qs) => qs.filter((_, i) => i !== index))}
                />
              </Space>
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space style={{ width: '100%' }} className="fp-survey-question-head">
                <Input
                  value={q.title}
                  placeholder={t('surveys.builder.questionTitle')}
                  aria-label={`${t('surveys.builder.questionTitle')} ${index + 1}`}
                  maxLength={SURVEY_LIMITS.questionTitleMax}
                  onChange={(e) => update(index, { title: e.target.value })}
                  style={{ width: 560 }}
                />
                <Switch
                  checked={q.required ?? false}
                  onChange={(required) => update(index, { required })}
                  checkedChildren={t('surveys.builder.required')}
                  unCheckedChildren={t('surveys.builder.optional')}
                />
              </Space>
              {(q.type === 'single' || q.type === 'multiple') && (
                <ChoiceEditor
                  label={t('surveys.builder.option')}
                  prefix="o"
                  items={q.options}
                  onChange={(options) => update(index, { options })}
                  questionIndex={index}
                />
              )}
              {q.type === 'matrix' && (
                <Space align="start" size="large" wrap>
                  <ChoiceEditor
                    label={t('surveys.builder.row')}
                    prefix="r"
                    items={q.rows}
                    min={1}
                    onChange={(rows) => update(index, { rows })}
                    questionIndex={index}
                  />
                  <ChoiceEditor
                    label={t('surveys.builder.column')}
                    prefix="c"
                    items={q.columns}
                    onChange={(columns) => update(index, { columns })}
                    questionIndex={index}
                  />
                </Space>
              )}
              {q.type === 'rating' && (
                <Space>
                  {t('surveys.builder.ratingMax')}
                  <InputNumber
                    aria-label={t('surveys.builder.ratingMax')}
                    min={SURVEY_LIMITS.ratingMin}
                    max={SURVEY_LIMITS.ratingMax}
                    value={q.max ?? 5}
                    onChange={(max) => update(index, { max: max ?? 5 })}
                  />
                </Space>
              )}
              {q.type === 'text' && (
                <Space>
                  {t('surveys.builder.maxLength')}
                  <InputNumber
                    aria-label={t('surveys.builder.maxLength')}
                    min={1}
                    max={SURVEY_LIMITS.textMaxLimit}
                    value={q.maxLength ?? 500}
                    onChange={(maxLength) => update(index, { maxLength: maxLength ?? 500 })}
                  />
                </Space>
              )}
              {q.type === 'number' && (
                <Space>
                  {t('surveys.builder.min')}
                  <InputNumber aria-label={t('surveys.builder.min')} value={q.min ?? null} onChange={(min) => update(index, { min })} />
                  {t('surveys.builder.max')}
                  <InputNumber aria-label={t('surveys.builder.max')} value={q.max ?? null} onChange={(max) => update(index, { max })} />
                </Space>
              )}
            </Space>
          </Card>
        ))}
        <Dropdown
          menu={{
            items: QUESTION_TYPES.map((type) => ({ key: type, label: t(`surveys.type.${type}` as SurveysLabelKey) })),
            onClick: ({ key }) => setQuestions((qs) => [...qs, newQuestion(key as SurveyQuestionInput['type'], qs)]),
          }}
        >
          <Button icon={<PlusOutlined />} block type="dashed">
            {t('surveys.builder.addQuestion')}
          </Button>
        </Dropdown>
        {error && (
          <div className="fp-survey-error" role="alert">
            {error}
          </div>
        )}
      </Space>
    </Modal>
  );
}

function ChoiceEditor({
  label,
  prefix,
  items,
  onChange,
  min = 2,
  questionIndex,
}: {
  label: string;
  prefix: string;
  items: Choice[];
  onChange: (items: Choice[]) => void;
  min?: number;
  questionIndex: number;
}) {
  const { t } = useSurveysWords();
  return (
    <Space orientation="vertical" size={4}>
      {items.map((item, i) => (
        <Space key={item.id} size={4}>
          <Input
            value={item.label}
            placeholder={`${label} ${i + 1}`}
            aria-label={`${label} ${questionIndex + 1}.${i + 1}`}
            maxLength={SURVEY_LIMITS.optionLabelMax}
            onChange={(e) => onChange(items.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
            style={{ width: 240 }}
          />
          <Button
            type="text"
            size="small"
            icon={<MinusCircleOutlined />}
            disabled={items.length <= min}
            aria-label={t('surveys.builder.remove')}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        size="small"
        type="link"
        icon={<PlusOutlined />}
        disabled={items.length >= SURVEY_LIMITS.optionsMax}
        onClick={() =>
          onChange([
            ...items,
            {
              id: nextId(
                prefix,
                items.map((x) => x.id),
              ),
              label: '',
            },
          ])
        }
      >
        {t('surveys.builder.add', { what: label })}
      </Button>
    </Space>
  );
}
