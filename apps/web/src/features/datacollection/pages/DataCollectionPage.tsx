import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, Radio, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { DATA_COLLECTION_LIMITS, MAINLAND_MOBILE } from '@field-portal/shared';
import { useDataCollectionWords } from '@/features/datacollection/i18n';
import { DATA_COLLECTION_KEY, submitRequest, useDataCollectionList, type DataCollectionValues } from '../api/datacollection-api';
import { RequestTable } from '../components/RequestTable';

const L = DATA_COLLECTION_LIMITS;
/** /dataCollection/index: the data-customisation form (spec 001 sections 3 and 5) and the caller's requests with their status. */
export function DataCollectionPage() {
  const { msg } = useDataCollectionWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<DataCollectionValues>();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [page, setPage] = useState({ pageNum: 1, limitNum: L.pageSizeDefault as number });
  const list = useDataCollectionList('mine', page);

  const onFinish = async (values: DataCollectionValues) => {
    setSending(true);
    try {
      await submitRequest(values, file);
      void message.success(msg('dataCollection.submitted'));
      form.resetFields();
      setFile(undefined);
      await client.invalidateQueries({ queryKey: DATA_COLLECTION_KEY });
    } catch {
      // The client has said why.
    } finally {
      setSending(false);
    }
  };

  const textRule = { max: L.textMax, message: msg('field.tooLong', { field: '', max: L.textMax }) };
  return (
    <>
      <Card title={msg('dataCollection.title')} className="fp-data-collection">
        <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={{ realTime: false }} onFinish={(v) => void onFinish(v)}>
          <Form.Item name="sourcePlatform" label={msg('dataCollection.field.sourcePlatform')} rules={[textRule]}>
            <Input maxLength={L.textMax} showCount />
          </Form.Item>
          <Form.Item name="content" label={msg('dataCollection.field.content')} rules={[textRule]}>
            <Input.TextArea maxLength={L.textMax} showCount rows={3} />
          </Form.Item>
          <Form.Item name="remarks" label={msg('dataCollection.field.remarks')} rules={[textRule]}>
            <Input.TextArea maxLength={L.textMax} showCount rows={2} />
          </Form.Item>
          <Form.Item name="realTime" label={msg('dataCollection.field.realTime')}>
            <Radio.Group
              options={[
                { value: true, label: msg('dataCollection.realTime.true') },
                { value: false, label: msg('dataCollection.realTime.false') },
              ]}
            />
          </Form.Item>
          <Form.Item label={msg('dataCollection.field.file')} validateStatus={fileError ? 'error' : undefined} help={fileError}>
            <Upload
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                if (chosen.size > L.fileMaxBytes) {
                  setFileError(msg('dataCollection.fileTooLarge'));
                  return Upload.LIST_IGNORE;
                }
                setFileError(undefined);
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(undefined)}
            >
              <Button icon={<UploadOutlined />}>{msg('dataCollection.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item
            name="contactName"
            label={msg('dataCollection.field.contactName')}
            rules={[{ required: true, whitespace: true, message: msg('dataCollection.contactNameRequired') }, { max: L.nameMax }]}
          >
            <Input maxLength={L.nameMax} />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={msg('dataCollection.field.contactPhone')}
            rules={[{ required: true, pattern: MAINLAND_MOBILE, message: msg('dataCollection.phoneInvalid') }]}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="wechat" label={msg('dataCollection.field.wechat')}>
            <Input maxLength={L.accountMax} />
          </Form.Item>
          <Form.Item name="qq" label={msg('dataCollection.field.qq')}>
            <Input maxLength={L.accountMax} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            {msg('dataCollection.submit')}
          </Button>
        </Form>
      </Card>
      <Card title={msg('dataCollection.mineTitle')} style={{ marginTop: 16 }} className="fp-data-collection-mine">
        <RequestTable data={list.data} loading={list.isLoading} page={page} onPage={setPage} />
      </Card>
    </>
  );
}
