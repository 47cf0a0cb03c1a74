import { useState } from 'react';
import { App as AntApp, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CardFileEntry } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import type { CardFiles } from '../hooks/use-card-files';
import { attachmentUploadProblem } from '../upload-rules';

interface AttachmentUploadProps {
  /** The attachment list (Form.Item value). */
  value?: CardFileEntry[];
  files: CardFiles;
  disabled: boolean;
  label: string;
  accept?: string;
  onAdded: (entry: CardFileEntry) => void;
  onRemoved: (url: string) => void;
}

interface InFlight {
  /** The upload component's id of the chosen file: the row keeps it once the file is added. */
  uid: string;
  name: string;
  percent: number;
}

/** The card's one attachment (spec 000 section 5): checked before sending, sent with progress. */
export function AttachmentUpload({ value = [], files, disabled, label, accept, onAdded, onRemoved }: AttachmentUploadProps) {
  const { t, anyMsg } = useI18n();
  const { message } = AntApp.useApp();
  const [sending, setSending] = useState<InFlight>();
  // The list animates rows in and out by uid. An uploaded file keeps the uid its in-flight row
  // had, so the row turns from uploading to done in place; a new uid would animate the old row
  // out while the new one comes in, and the name would show twice meanwhile (a slow machine
  // stretches that to seconds).
  const [uids, setUids] = useState<Record<string, string>>({});

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = attachmentUploadProblem(file, value.length + (sending ? 1 : 0));
    if (problem) {
      void message.warning(anyMsg(problem));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const chosen = file as File & { uid?: string };
    const uid = chosen.uid ?? `upload-${chosen.name}`;
    setSending({ uid, name: chosen.name, percent: 0 });
    files
      .upload('attachment', chosen, (percent) => setSending({ uid, name: chosen.name, percent }))
      // The in-flight row becomes the file's row in the same update.
      .then((uploaded) => {
        setUids((current) => ({ ...current, [uploaded.url]: uid }));
        setSending(undefined);
        onAdded({ name: uploaded.name, url: uploaded.url });
        onSuccess?.(uploaded);
      })
      .catch((error: unknown) => {
        setSending(undefined);
        onError?.(error as Error);
      });
  };

  const uidOf = (url: string) => uids[url] ?? url;
  const fileList: UploadFile[] = [
    ...value.map((entry): UploadFile => ({ uid: uidOf(entry.url), name: entry.name, status: 'done' })),
    ...(sending ? [{ uid: sending.uid, name: sending.name, status: 'uploading' as const, percent: sending.percent }] : []),
  ];

  return (
    <Upload
      className="fp-attachment-upload"
      fileList={fileList}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={(file) => {
        const entry = value.find((candidate) => uidOf(candidate.url) === file.uid);
        if (entry) onRemoved(entry.url);
        return false;
      }}
      disabled={disabled}
      multiple={false}
      {...(accept ? { accept } : {})}
    >
      <Button icon={<UploadOutlined />} disabled={disabled || Boolean(sending)} aria-label={`${label}: ${t('cards.upload.attachment')}`}>
        {t('cards.upload.attachment')}
      </Button>
    </Upload>
  );
}
