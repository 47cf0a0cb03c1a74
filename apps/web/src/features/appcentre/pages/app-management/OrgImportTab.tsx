import { useState } from 'react';
import { Alert, App as AntApp, Card, Select, Space, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ORG_IMPORT_COLUMNS, type OrgImportResult } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { messageText as catalogue } from '@/lib/i18n';
import { useAppCentreWords } from '../../i18n';
import { managementApi } from '../../management-api';
import { importFileError } from '../../file-rules';
import '@/components/crud/crud.css';

/** The organisation import: a type and a spreadsheet; the rows refused are listed with their reasons. */
export function OrgImportTab() {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const [type, setType] = useState('department');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrgImportResult | null>(null);
  return (
    <Card className="fp-apps-screen" title={t('apps.import.title')} data-screen="orgImport">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('apps.import.hint', { columns: ORG_IMPORT_COLUMNS.join(', ') })} />
        <Space>
          <span>{t('apps.import.orgType')}</span>
          <Select
            aria-label={t('apps.import.orgType')}
            value={type}
            onChange={setType}
            style={{ width: 200 }}
            options={['company', 'department', 'team'].map((v) => ({ value: v, label: t(`apps.import.type.${v}` as 'apps.import.type.team') }))}
          />
        </Space>
        <Upload.Dragger
          accept=".xlsx,.xls,.csv"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            const error = importFileError(file, lang);
            if (error) {
              void message.error(error);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const answer = await managementApi.importOrgs(type, file as File);
              setResult(answer);
              if (answer.problems.length === 0) void message.success(t('apps.import.done', { n: answer.imported }));
              onSuccess?.(answer);
            } catch (error) {
              setResult(null);
              void message.error(describeFailure(error, lang));
              onError?.(error as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('apps.import.drop')}</p>
          <p className="ant-upload-hint">{t('apps.import.limits')}</p>
        </Upload.Dragger>
        {result && result.problems.length > 0 ? (
          <>
            <Alert type="error" showIcon message={catalogue('apps.import.invalidRows', lang, { count: new Set(result.problems.map((p) => p.row)).size })} />
            <Table
              rowKey={(p) => `${p.row}-${p.field}`}
              size="small"
              pagination={false}
              dataSource={result.problems}
              columns={[
                { title: t('apps.import.row'), dataIndex: 'row', width: 80 },
                { title: t('apps.import.field'), dataIndex: 'field', width: 140 },
                { title: t('apps.import.problem'), dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
