import { Checkbox, Form, Input, Select } from 'antd';
import { CARD_CATEGORIES, CARD_LIMITS, type CardType } from '@field-portal/shared';
import { messageText as message, useI18n, type LabelKey } from '@/lib/i18n';
import type { CardFormField, CardFormValues } from '../card-form';
import type { CardFiles } from '../hooks/use-card-files';
import { attachmentDisabled, linkDisabled, type LinkAttachment } from '../link-attachment';
import { AttachmentUpload } from './AttachmentUpload';
import { ImageUpload } from './ImageUpload';

const MB = 1024 * 1024;

/** The label of each form field under a template (the summary is the body of a text card, type 0 has a cover and a video). */
export function fieldLabelKey(field: CardFormField, type: CardType): LabelKey {
  switch (field) {
    case 'selectValue':
      return 'cards.field.category';
    case 'BU':
      return 'cards.field.bu';
    case 'titleName':
      return 'cards.field.title';
    case 'zhaiyao':
      return type === 4 ? 'cards.field.body' : 'cards.field.summary';
    case 'author':
      return 'cards.field.author';
    case 'imageUrl':
      return 'cards.field.avatar';
    case 'imageUrl1':
      return type === 0 ? 'cards.field.cover' : type === 1 ? 'cards.field.thumbnail' : type === 2 ? 'cards.field.mainImage' : 'cards.field.image';
    case 'imageUrl2':
    case 'imageUrl3':
      return 'cards.field.image';
    case 'linkValue':
      return 'cards.field.linkOrAttachment';
    case 'fileList':
      return 'cards.field.attachment';
  }
}

const IMAGE_NUMBER: Partial<Record<CardFormField, number>> = { imageUrl1: 1, imageUrl2: 2, imageUrl3: 3 };

type Translate = (key: LabelKey, params?: Record<string, string | number>) => string;

/** A field's label in the interface language, as the form and its problem messages name it. */
export function fieldLabel(t: Translate, field: CardFormField, type: CardType): string {
  return t(fieldLabelKey(field, type), { n: IMAGE_NUMBER[field] ?? 1 });
}

interface CardFormFieldsProps {
  type: CardType;
  buOptions: readonly string[];
  files: CardFiles;
  boxes: LinkAttachment;
  onLinkTicked: (ticked: boolean) => void;
  onAttachmentTicked: (ticked: boolean) => void;
  onAttachmentAdded: Parameters<typeof AttachmentUpload>[0]['onAdded'];
  onAttachmentRemoved: (url: string) => void;
}

/** The fields of the chosen template (spec 000 section 2, card creation screen). */
export function CardFormFields({
  type,
  buOptions,
  files,
  boxes,
  onLinkTicked,
  onAttachmentTicked,
  onAttachmentAdded,
  onAttachmentRemoved,
}: CardFormFieldsProps) {
  const { t, lang } = useI18n();
  const label = (field: CardFormField) => fieldLabel(t, field, type);
  const images = type === 3 ? (['imageUrl1', 'imageUrl2', 'imageUrl3'] as const) : type === 4 ? [] : (['imageUrl1'] as const);
  const video = type === 0;

  return (
    <>
      <div className="fp-card-form-row">
        <Form.Item<CardFormValues> name="selectValue" label={label('selectValue')} required>
          <Select placeholder={t('cards.field.categoryPlaceholder')} options={CARD_CATEGORIES.map((c) => ({ value: c.value, label: c[lang] }))} allowClear />
        </Form.Item>
        <Form.Item<CardFormValues> name="BU" label={label('BU')} required>
          <Select placeholder={t('cards.field.buPlaceholder')} options={buOptions.map((bu) => ({ value: bu, label: bu }))} allowClear showSearch />
        </Form.Item>
      </div>
      <Form.Item<CardFormValues>
        name="titleName"
        label={label('titleName')}
        required
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const title = value ?? '';
              if (!title.trim()) throw new Error(message('card.titleRequired', lang));
              if (title.length > CARD_LIMITS.titleMax) throw new Error(message('card.titleLength', lang));
            },
          },
        ]}
      >
        <Input maxLength={CARD_LIMITS.titleMax} showCount placeholder={t('cards.field.titlePlaceholder')} />
      </Form.Item>
      <Form.Item<CardFormValues> name="zhaiyao" label={label('zhaiyao')} required>
        <Input.TextArea
          maxLength={CARD_LIMITS.summaryMax}
          showCount
          autoSize={{ minRows: type === 4 ? 5 : 3, maxRows: 8 }}
          placeholder={t(type === 4 ? 'cards.field.bodyPlaceholder' : 'cards.field.summaryPlaceholder')}
        />
      </Form.Item>
      <div className="fp-card-form-row">
        <Form.Item<CardFormValues>
          name="author"
          label={label('author')}
          required
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: message('card.authorRequired', lang) }]}
        >
          <Input readOnly />
        </Form.Item>
        {type === 4 ? (
          <Form.Item<CardFormValues> label={t('cards.field.createTime')} shouldUpdate={(a, b) => a.createTime !== b.createTime}>
            {({ getFieldValue }) => <Input readOnly value={String(getFieldValue('createTime') ?? '')} aria-label={t('cards.field.createTime')} />}
          </Form.Item>
        ) : (
          <div />
        )}
      </div>
      <div className="fp-card-form-images">
        <div data-field="imageUrl">
          <Form.Item<CardFormValues> name="imageUrl" label={label('imageUrl')}>
            <ImageUpload kind="avatar" label={label('imageUrl')} files={files} round />
          </Form.Item>
        </div>
        {images.map((field) => (
          <div key={field} data-field={field}>
            <Form.Item<CardFormValues> name={field} label={label(field)} required>
              <ImageUpload kind="image" label={label(field)} files={files} />
            </Form.Item>
          </div>
        ))}
      </div>
      <div className="fp-card-form-choice">
        <div className="fp-card-form-choice-row">
          <Checkbox checked={boxes.link} onChange={(event) => onLinkTicked(event.target.checked)} className="fp-card-form-choice-box">
            {t(video ? 'cards.field.videoLink' : 'cards.field.link')}
          </Checkbox>
          <Form.Item<CardFormValues> name="linkValue" className="fp-card-form-link">
            <Input
              disabled={linkDisabled(boxes)}
              maxLength={CARD_LIMITS.linkMax}
              aria-label={t(video ? 'cards.field.videoLink' : 'cards.field.link')}
              inputMode="url"
            />
          </Form.Item>
        </div>
        <div className="fp-card-form-choice-row">
          <Checkbox checked={boxes.attachment} onChange={(event) => onAttachmentTicked(event.target.checked)} className="fp-card-form-choice-box">
            {t(video ? 'cards.field.videoAttachment' : 'cards.field.attachment')}
          </Checkbox>
          <div className="fp-card-form-attachment" data-field="fileList">
            <Form.Item<CardFormValues> name="fileList" extra={t('cards.upload.attachmentHint', { mb: CARD_LIMITS.attachmentMaxBytes / MB })}>
              <AttachmentUpload
                files={files}
                disabled={attachmentDisabled(boxes)}
                label={t(video ? 'cards.field.videoAttachment' : 'cards.field.attachment')}
                onAdded={onAttachmentAdded}
                onRemoved={onAttachmentRemoved}
                {...(video ? { accept: 'video/*' } : {})}
              />
            </Form.Item>
          </div>
        </div>
      </div>
    </>
  );
}
