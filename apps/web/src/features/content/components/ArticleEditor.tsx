import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select, Switch, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ARTICLE_CATEGORIES, ARTICLE_CHANNELS, CONTENT_LIMITS, DYNAMICS_DEPARTMENTS, type ArticleDetail, type SaveArticleRequest } from '@field-portal/shared';
import { AuthorisedImage } from '@/lib/authorised-image';
import { isHttpError } from '@/lib/http';
import { useContentWords, type ContentLabelKey } from '@/features/content/i18n';
import { saveArticle, uploadCover } from '../api';
import { RichTextEditor } from './RichTextEditor';
import { EnterSaves } from '@/components/EnterSaves';

interface Values {
  title: string;
  summary: string;
  channel: SaveArticleRequest['channel'];
  department?: SaveArticleRequest['department'];
  category: SaveArticleRequest['category'];
  source: 'internal' | 'external';
  sourceName: string;
  sourceUrl: string;
  publish: boolean;
}

/** Creates or edits an article; the server sanitises the body and answers the fields it refuses. */
export function ArticleEditor({ article, onClose, onSaved }: { article: ArticleDetail | null; onClose: () => void; onSaved: (saved: ArticleDetail) => void }) {
  const { t, msg } = useContentWords();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [body, setBody] = useState(article?.body ?? '');
  const [cover, setCover] = useState<{ id: string; url: string } | null>(
    article?.coverId && article.coverUrl ? { id: article.coverId, url: article.coverUrl } : null,
  );
  const [saving, setSaving] = useState(false);
  const channel = Form.useWatch('channel', form);
  const source = Form.useWatch('source', form);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await saveArticle({
        ...(article ? { id: article.id } : {}),
        title: values.title,
        summary: values.summary ?? '',
        body,
        channel: values.channel,
        department: values.channel === 'departmentDynamics' ? (values.department ?? null) : null,
        category: values.category,
        source: values.source,
        sourceName: values.source === 'external' ? (values.sourceName ?? '') : '',
        sourceUrl: values.source === 'external' ? (values.sourceUrl ?? '') : '',
        coverId: cover?.id ?? null,
        status: values.publish ? 'published' : 'draft',
      });
      void message.success(t(values.publish ? 'content.editor.published' : 'content.editor.saved'));
      onSaved(saved);
    } catch (error) {
      // The client has shown the message; a field the form holds is marked too.
      const field = isHttpError(error) ? error.field : undefined;
      if (field && field !== 'body' && isHttpError(error)) form.setFields([{ name: field as keyof Values, errors: [error.serverMessage ?? ''] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={t(article ? 'content.editor.editTitle' : 'content.editor.newTitle')}
      okText={t('content.editor.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          title: article?.title ?? '',
          summary: article?.summary ?? '',
          channel: article?.channel ?? 'contentCenter',
          department: article?.department ?? undefined,
          category: article?.category ?? 'medical',
          source: article?.source ?? 'internal',
          sourceName: article?.sourceName ?? '',
          sourceUrl: article?.sourceUrl ?? '',
          publish: article ? article.status === 'published' : true,
        }}
      >
        <Form.Item
          name="title"
          label={t('content.field.title')}
          rules={[{ required: true, message: msg('content.titleRequired') }, { max: CONTENT_LIMITS.titleMax }]}
        >
          <Input maxLength={CONTENT_LIMITS.titleMax} showCount />
        </Form.Item>
        <Form.Item name="summary" label={t('content.field.summary')}>
          <Input.TextArea maxLength={CONTENT_LIMITS.summaryMax} showCount autoSize={{ minRows: 2, maxRows: 3 }} />
        </Form.Item>
        <div className="fp-form-row">
          <Form.Item name="channel" label={t('content.field.channel')}>
            <Select options={ARTICLE_CHANNELS.map((c) => ({ value: c, label: t(`content.channel.${c}` as ContentLabelKey) }))} />
          </Form.Item>
          {channel === 'departmentDynamics' && (
            <Form.Item name="department" label={t('content.field.department')} rules={[{ required: true, message: msg('content.departmentRequired') }]}>
              <Select options={DYNAMICS_DEPARTMENTS.map((d) => ({ value: d, label: d.toUpperCase() }))} />
            </Form.Item>
          )}
          <Form.Item name="category" label={t('content.field.category')}>
            <Select options={ARTICLE_CATEGORIES.map((c) => ({ value: c, label: t(`content.category.${c}` as ContentLabelKey) }))} />
          </Form.Item>
        </div>
        <Form.Item name="source" label={t('content.field.source')}>
          <Radio.Group
            options={[
              { value: 'internal', label: t('content.source.internal') },
              { value: 'external', label: t('content.source.external') },
            ]}
          />
        </Form.Item>
        {source === 'external' && (
          <div className="fp-form-row">
            <Form.Item name="sourceName" label={t('content.field.sourceName')} rules={[{ required: true, message: msg('content.sourceNameRequired') }]}>
              <Input maxLength={CONTENT_LIMITS.sourceNameMax} />
            </Form.Item>
            <Form.Item name="sourceUrl" label={t('content.field.sourceUrl')}>
              <Input placeholder="https://" maxLength={CONTENT_LIMITS.urlMax} />
            </Form.Item>
          </div>
        )}
        <Form.Item label={t('content.field.cover')}>
          <div className="fp-cover-field">
            {cover && <AuthorisedImage src={cover.url} alt="" className="fp-article-cover-thumb" />}
            <Upload
              accept=".jpg,.jpeg,.png"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const uploaded = await uploadCover(file as File);
                  setCover({ id: uploaded.coverId, url: uploaded.coverUrl });
                  onSuccess?.(uploaded);
                } catch (error) {
                  onError?.(error as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />}>{t('content.editor.uploadCover')}</Button>
            </Upload>
          </div>
        </Form.Item>
        <Form.Item label={t('content.field.body')} required>
          <RichTextEditor initial={article?.body ?? ''} onChange={setBody} label={t('content.field.body')} />
        </Form.Item>
        <Form.Item name="publish" label={t('content.field.publish')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}
