import { useState } from 'react';
import { Alert, Button, Progress, Space, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { API, type PushReceiver, type ReceiverListUpload as UploadAnswer } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { usePushWords } from '@/features/push/i18n';
import { downloadFile, uploadReceiverList } from '../api/push-api';
import { listFileProblem } from '../list-file';

interface ReceiverListUploadProps {
  value?: PushReceiver[];
  onChange?: (next: PushReceiver[]) => void;
}

/** How many wwids of a report are shown inline; the rest are counted. */
const SHOWN_WWIDS = 20;

/**
 * Uploaded list (scope 1): the template to download, one .xls or .xlsx of at most 10 MB sent
 * with its progress, then what the server read: the recipients, the wwids the directory does
 * not know and those listed twice (spec 000 sections 2 and 5).
 */
export function ReceiverListUpload({ value = [], onChange }: ReceiverListUploadProps) {
  const { t, msg, anyMsg, lang } = usePushWords();
  const [progress, setProgress] = useState<number>();
  const [fileName, setFileName] = useState<string>();
  const [answer, setAnswer] = useState<UploadAnswer>();
  const [problem, setProblem] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  const template = async () => {
    setDownloading(true);
    try {
      await downloadFile(API.push.downloadTemplate, 'receiver-template.xlsx');
    } catch {
      // The client has said why.
    } finally {
      setDownloading(false);
    }
  };

  const send = async (file: File) => {
    const local = listFileProblem(file);
    setAnswer(undefined);
    if (local) {
      setProblem(anyMsg(local));
      return;
    }
    setProblem(undefined);
    setFileName(file.name);
    setProgress(0);
    onChange?.([]);
    try {
      const read = await uploadReceiverList(file, setProgress);
      setAnswer(read);
      onChange?.(read.receiver);
    } catch (error) {
      setProblem(describeFailure(error, lang));
    } finally {
      setProgress(undefined);
    }
  };

  const wwids = (list: string[]) => (
    <Space size={[4, 4]} wrap>
      {list.slice(0, SHOWN_WWIDS).map((w) => (
        <Tag key={w}>{w}</Tag>
      ))}
      {list.length > SHOWN_WWIDS ? <span>{t('push.upload.more', { n: list.length - SHOWN_WWIDS })}</span> : null}
    </Space>
  );

  return (
    <div className="fp-push-upload">
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void template()} loading={downloading}>
          {t('push.upload.template')}
        </Button>
        <Typography.Text type="secondary">{t('push.upload.rules')}</Typography.Text>
      </Space>
      <Upload.Dragger
        accept=".xls,.xlsx"
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={progress !== undefined}
        beforeUpload={(file, list) => {
          if (list.length > 1) {
            setProblem(msg('push.listOneFile'));
            return Upload.LIST_IGNORE;
          }
          void send(file);
          return Upload.LIST_IGNORE;
        }}
        className="fp-push-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('push.upload.drop')}</p>
        <p className="ant-upload-hint">{t('push.upload.hint')}</p>
      </Upload.Dragger>
      {progress !== undefined ? (
        <div className="fp-push-upload-progress" aria-live="polite">
          <FileExcelOutlined /> {fileName}
          <Progress percent={progress} size="small" status="active" format={(p) => (p === 100 ? t('push.upload.reading') : `${p}%`)} />
        </div>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {answer ? (
        <Alert
          type={answer.unknown.length > 0 || answer.duplicates.length > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="receiver-list-result"
          title={t('push.upload.read', { file: fileName ?? '', n: answer.receiver.length })}
          description={
            answer.unknown.length > 0 || answer.duplicates.length > 0 ? (
              <div className="fp-push-upload-report">
                {answer.unknown.length > 0 ? (
                  <div>
                    <div>{t('push.upload.unknown', { n: answer.unknown.length })}</div>
                    {wwids(answer.unknown)}
                  </div>
                ) : null}
                {answer.duplicates.length > 0 ? (
                  <div>
                    <div>{t('push.upload.duplicates', { n: answer.duplicates.length })}</div>
                    {wwids(answer.duplicates)}
                  </div>
                ) : null}
              </div>
            ) : undefined
          }
        />
      ) : value.length > 0 && progress === undefined ? (
        <Alert type="info" showIcon title={t('push.upload.current', { n: value.length })} />
      ) : null}
    </div>
  );
}
