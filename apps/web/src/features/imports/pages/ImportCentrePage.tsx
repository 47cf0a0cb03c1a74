import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, App as AntApp, Button, Card, Checkbox, Radio, Space, Statistic, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_ERRORS_TEMPLATE,
  IMPORT_KIND_NOTES,
  IMPORT_KINDS,
  IMPORT_KINDS_WITHOUT_FULL_LIST,
  IMPORT_LIMITS,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportStatus,
} from '@field-portal/shared';
import { useImportsWords } from '@/features/imports/i18n';
import { formatTime } from '@/lib/format';
import { useQueueExport } from '@/features/downloads';
import { commitImport, IMPORTS_KEY, saveTemplate, uploadImport, useImportJob, useImportList } from '../api/imports-api';

const STATUS_COLOURS: Record<ImportStatus, string> = {
  queued: 'default',
  running: 'processing',
  ready: 'blue',
  done: 'success',
  failed: 'error',
  superseded: 'default',
};
const MB = 1024 * 1024;

/** The counts of a dry run or a commit, side by side. */
function Counts({ job }: { job: ImportJob }) {
  const { msg } = useImportsWords();
  const c = job.counts;
  if (!c) return null;
  const items: [string, number, string?][] = [
    [msg('imports.ui.new'), c.new],
    [msg('imports.ui.changed'), c.changed],
    [msg('imports.ui.unchanged'), c.unchanged],
    [msg('imports.ui.refused'), c.refused, c.refused > 0 ? '#cf1322' : undefined],
  ];
  return (
    <Space size="large" wrap className="fp-import-counts">
      {items.map(([title, value, colour]) => (
        // antd's default title grey is below the 4.5:1 contrast for text of this size
        <Statistic
          key={title}
          title={<span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{title}</span>}
          value={value}
          valueStyle={colour ? { color: colour } : undefined}
        />
      ))}
    </Space>
  );
}

/** /dataManage/dataImport: upload a company's master data or visit history, see the dry run, then commit (docs/decisions/0042, 0049, 0053). */
export function ImportCentrePage() {
  const { msg, lang } = useImportsWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  // The import shown is in the address (?job=), so it is still there after a visit to the download centre and back.
  const [params, setParams] = useSearchParams();
  // Another screen may open the page on one kind (?kind=, importCentrePath): the user permissions' territories.
  const [kind, setKind] = useState<ImportKind>(() => IMPORT_KINDS.find((k) => k === params.get('kind')) ?? 'hospitals');
  const [fullList, setFullList] = useState(false);
  const jobId = Number(params.get('job')) || undefined;
  const setJobId = (id: number) => setParams({ job: String(id) }, { replace: true });
  const [busy, setBusy] = useState(false);
  const job = useImportJob(jobId, lang).data;
  const list = useImportList();
  const { queue, queueing } = useQueueExport();
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (file: File) => {
    setBusy(true);
    try {
      const created = await uploadImport(kind, fullList && !IMPORT_KINDS_WITHOUT_FULL_LIST.includes(kind), file);
      setJobId(created.id);
      await client.invalidateQueries({ queryKey: IMPORTS_KEY });
    } catch {
      // The client has said why.
    } finally {
      setBusy(false);
    }
  };
  const onCommit = async (mode: ImportMode) => {
    if (!job) return;
    setBusy(true);
    try {
      await commitImport(job.id, mode);
      await client.invalidateQueries({ queryKey: IMPORTS_KEY });
    } catch {
      // The client has said why.
    } finally {
      setBusy(false);
    }
  };

  const kindLabel = (k: ImportKind) => msg(`imports.kind.${k}`);
  const refused = job?.counts?.refused ?? 0;
  const working = job !== undefined && (job.status === 'queued' || job.status === 'running');
  const committed = job?.status === 'done' ? job.committed : null;
  return (
    <>
      <Card title={msg('imports.title')} className="fp-import-centre">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={msg('imports.ui.intro')} />
          <Space wrap align="center">
            <span id="fp-import-kind">{msg('imports.ui.kind')}</span>
            <Radio.Group
              aria-labelledby="fp-import-kind"
              optionType="button"
              value={kind}
              onChange={(e) => setKind(e.target.value as ImportKind)}
              options={IMPORT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            />
            <Button icon={<DownloadOutlined />} onClick={() => void saveTemplate(kind)}>
              {msg('imports.ui.template')}
            </Button>
          </Space>
          {IMPORT_KIND_NOTES[kind] && (
            <span className="fp-import-kind-note" style={{ color: 'rgba(0,0,0,0.65)' }}>
              {msg(IMPORT_KIND_NOTES[kind])}
            </span>
          )}
          {!IMPORT_KINDS_WITHOUT_FULL_LIST.includes(kind) && (
            <Checkbox checked={fullList} onChange={(e) => setFullList(e.target.checked)}>
              {msg(kind === 'users' ? 'imports.ui.fullListUsers' : kind === 'territories' ? 'imports.ui.fullListTerritories' : 'imports.ui.fullList')}
            </Checkbox>
          )}
          <Space direction="vertical" size={4}>
            {/*
              A file input of its own behind the button, not antd's Upload: Upload moves the focus from the
              button to a wrapper of its own as the file chooser opens, so a keyboard user came back from it
              (a file chosen or not) somewhere else. The focus stays on the button, the one tab stop.
            */}
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Cleared so that the same file chosen again (fixed and saved under its name) is a new change.
                e.target.value = '';
                if (!file) return;
                const max = file.name.toLowerCase().endsWith('.xlsx') ? IMPORT_LIMITS.xlsxMaxBytes : IMPORT_LIMITS.csvMaxBytes;
                if (file.size > max) {
                  void message.error(msg('imports.file.tooLarge', { csv: IMPORT_LIMITS.csvMaxBytes / MB, xlsx: IMPORT_LIMITS.xlsxMaxBytes / MB }));
                  return;
                }
                void onFile(file);
              }}
            />
            <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => fileInput.current?.click()}>
              {msg('imports.ui.choose')}
            </Button>
            <span className="fp-import-formats" style={{ color: 'rgba(0,0,0,0.65)' }}>
              {msg('imports.ui.formats', {
                csv: IMPORT_LIMITS.csvMaxBytes / MB,
                xlsx: IMPORT_LIMITS.xlsxMaxBytes / MB,
                rows: IMPORT_LIMITS.rowsMax.toLocaleString(),
              })}
            </span>
          </Space>
        </Space>
      </Card>

      {job && (
        <Card
          title={`${msg(job.stage === 'commit' ? 'imports.ui.committedResult' : 'imports.ui.result')}: ${job.fileName}`}
          extra={<Tag color={STATUS_COLOURS[job.status]}>{msg(`imports.status.${job.status}`)}</Tag>}
          style={{ marginTop: 16 }}
          className="fp-import-job"
        >
          {/* One region a screen reader follows from upload to dry run: the rows read while it works (shown), then the counts. */}
          <span role="status" className={working ? undefined : 'fp-visually-hidden'} style={working ? { display: 'block', marginBottom: 16 } : undefined}>
            {working
              ? msg('imports.ui.rows', { n: job.rowsDone })
              : job.status === 'ready' && job.counts
                ? msg('imports.ui.readySummary', { ...job.counts })
                : ''}
          </span>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {job.message && <Alert type={job.status === 'failed' ? 'error' : 'warning'} showIcon message={job.message} role="alert" />}
            {committed && (
              <Alert
                type="success"
                showIcon
                role="status"
                message={committed.new + committed.changed + committed.deactivated === 0 ? msg('imports.ui.nothingChanged') : msg('imports.ui.done', committed)}
              />
            )}
            {/* Valid rows only: what was left out stays in sight, with its list and the error file. */}
            {committed && refused > 0 && (
              <Alert
                type="warning"
                showIcon
                message={msg('imports.ui.notImported', { n: refused })}
                action={
                  <Button size="small" icon={<DownloadOutlined />} loading={queueing} onClick={() => void queue(IMPORT_ERRORS_TEMPLATE, { id: job.id })}>
                    {msg('imports.ui.errorFile')}
                  </Button>
                }
              />
            )}
            <Counts job={job} />
            {job.notes.length > 0 && (
              <Alert
                type="info"
                showIcon
                className="fp-import-notes"
                message={msg('imports.ui.notes', { n: job.notes.length })}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {job.notes.map((note) => (
                      <li key={note.row}>{msg('imports.ui.noteLine', { row: note.row, text: note.text })}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {job.status === 'ready' && (
              <Space wrap>
                {/* Why "import all" is not offered is written beside it, for everyone: a disabled button takes no focus, so a tooltip on it reached no keyboard. */}
                <Button
                  type="primary"
                  disabled={refused > 0 || busy}
                  aria-describedby={refused > 0 ? 'import-commit-all-blocked' : undefined}
                  onClick={() => void onCommit('allOrNothing')}
                >
                  {msg('imports.ui.commitAll')}
                </Button>
                {refused > 0 && (job.counts?.rows ?? 0) > refused && (
                  <Button disabled={busy} onClick={() => void onCommit('validOnly')}>
                    {msg('imports.ui.commitValid')}
                  </Button>
                )}
                {refused > 0 && (
                  <Button icon={<DownloadOutlined />} loading={queueing} onClick={() => void queue(IMPORT_ERRORS_TEMPLATE, { id: job.id })}>
                    {msg('imports.ui.errorFile')}
                  </Button>
                )}
                {refused > 0 && (
                  <Typography.Text type="secondary" id="import-commit-all-blocked">
                    {msg('imports.ui.commitAllBlocked')}
                  </Typography.Text>
                )}
              </Space>
            )}
            {job.refusedRows.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                pagination={false}
                className="fp-import-refused"
                title={() => msg('imports.ui.firstRefused', { n: job.refusedRows.length })}
                dataSource={job.refusedRows}
                columns={[
                  { title: msg('imports.ui.line'), dataIndex: 'row', width: 90 },
                  { title: msg('imports.ui.problems'), dataIndex: 'messages', render: (messages: string[]) => messages.join('; ') },
                ]}
              />
            )}
          </Space>
        </Card>
      )}

      <Card title={msg('imports.ui.recent')} style={{ marginTop: 16 }} className="fp-import-recent">
        <Table<ImportJob>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: msg('imports.ui.file'), dataIndex: 'fileName' },
            { title: msg('imports.ui.kind'), dataIndex: 'kind', render: (k: ImportKind) => kindLabel(k) },
            {
              title: msg('imports.ui.status'),
              dataIndex: 'status',
              render: (s: ImportStatus) => <Tag color={STATUS_COLOURS[s]}>{msg(`imports.status.${s}`)}</Tag>,
            },
            { title: msg('imports.ui.time'), dataIndex: 'createTime', render: (t: string) => formatTime(t, 'second') },
            {
              title: '',
              key: 'open',
              render: (_: unknown, row: ImportJob) => (
                <Button type="link" size="small" aria-label={msg('imports.ui.openFile', { file: row.fileName })} onClick={() => setJobId(row.id)}>
                  {msg('imports.ui.open')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
