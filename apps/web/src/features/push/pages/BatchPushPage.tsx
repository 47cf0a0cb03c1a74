import { useMemo, useState } from 'react';
import { dataOptions } from '@/components/DataText';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, DatePicker, InputNumber, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { BATCH_PUSH_LIMITS, BATCH_PUSH_PATHS, PUSH_LIMITS, type BatchPushCard, type BatchPushResult, type PushReceiver } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { formatTime } from '@/lib/format';
import { usePushWords } from '@/features/push/i18n';
import { pushableCards, sendBatch, uploadBatchList } from '../api/batch-push-api';
import { CARD_LISTS_KEY, downloadFile } from '../api/push-api';
import { listFileProblem } from '../list-file';
import { isBeforeYesterday, WIRE_TIME_FORMAT } from '../push-time';
import '../push.css';
import { EmptyState } from '@/components/EmptyState';

const { Paragraph, Text } = Typography;

interface UploadedList {
  name: string;
  receiver: PushReceiver[];
  unknown: string[];
  duplicates: string[];
}

interface Row {
  key: number;
  cardId?: number;
  /** Names of the uploaded lists (unique on this screen). */
  lists: string[];
  mustRead: boolean;
  notReadTime: number | null;
  pushNum: number | null;
}

/** How many wwids of a list report are shown inline; the rest are counted. */
const SHOWN_WWIDS = 10;

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, lists: [], mustRead: false, notReadTime: PUSH_LIMITS.defaultNotReadTime, pushNum: PUSH_LIMITS.defaultPushNum });

/** A file name not yet used on the screen: a second "list.xlsx" becomes "list.xlsx (2)". */
function uniqueName(name: string, taken: string[]): string {
  if (!taken.includes(name)) return name;
  for (let n = 2; ; n++) if (!taken.includes(`${name} (${n})`)) return `${name} (${n})`;
}

/**
 * /batchPush/batchPushIndex (docs/decisions/0030): recipient lists uploaded as the push dialog
 * reads them, a table of rows (a card and the lists it goes to, with its must-read options), one
 * push time, and one request that queues every row as an ordinary push or none of them.
 */
export function BatchPushPage() {
  const { msg, anyMsg, lang } = usePushWords();
  const client = useQueryClient();
  const [lists, setLists] = useState<UploadedList[]>([]);
  const [uploading, setUploading] = useState(false);
  const [listProblem, setListProblem] = useState<string>();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Map<number, BatchPushCard>>(() => new Map());
  const [timeMode, setTimeMode] = useState<'now' | 'at'>('now');
  const [pushAt, setPushAt] = useState<Dayjs | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<BatchPushResult>();

  const cards = useQuery({ queryKey: ['batchPush', 'cards', search], queryFn: () => pushableCards(search), placeholderData: (previous) => previous });

  const cardOptions = useMemo(() => {
    const byId = new Map(known);
    for (const card of cards.data ?? []) byId.set(card.id, card);
    return [...byId.values()].map((card) => ({
      value: card.id,
      label: `${card.title || card.id} · ${msg(card.status === 'publish' ? 'batchPush.ui.status.publish' : 'batchPush.ui.status.created')} · ${formatTime(card.createTime, 'day')}`,
    }));
  }, [cards.data, known, msg]);

  const update = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setProblem(undefined);
  };

  const upload = async (file: File) => {
    const local = listFileProblem(file);
    if (local) {
      setListProblem(anyMsg(local));
      return;
    }
    setListProblem(undefined);
    setUploading(true);
    try {
      const read = await uploadBatchList(file);
      setLists((current) => [
        ...current,
        {
          name: uniqueName(
            file.name,
            current.map((l) => l.name),
          ),
          ...read,
        },
      ]);
      setResult(undefined);
    } catch (error) {
      setListProblem(describeFailure(error, lang));
    } finally {
      setUploading(false);
    }
  };

  const removeList = (name: string) => {
    setLists((current) => current.filter((l) => l.name !== name));
    setRows((current) => current.map((row) => ({ ...row, lists: row.lists.filter((n) => n !== name) })));
  };

  const submit = async () => {
    setResult(undefined);
    // Nothing to send to: said here, as the server would, without a call it can only refuse.
    if (lists.length === 0) {
      setProblem(msg('batchPush.noLists'));
      return;
    }
    setSending(true);
    setProblem(undefined);
    const names = lists.map((l) => l.name);
    try {
      const answer = await sendBatch({
        pushDate: timeMode === 'now' ? '0' : pushAt ? pushAt.format(WIRE_TIME_FORMAT) : '',
        lists: lists.map((l) => ({ name: l.name, receiver: l.receiver })),
        // A row without a card is sent as it is, so the server's message names it.
        rows: rows.map((row) => ({
          cardId: row.cardId,
          lists: row.lists.map((name) => names.indexOf(name)).filter((at) => at >= 0),
          mustRead: row.mustRead,
          ...(row.mustRead ? { notReadTime: row.notReadTime ?? '', pushNum: row.pushNum ?? '' } : {}),
        })),
      });
      setResult(answer);
      setRows([emptyRow()]);
      setKnown(new Map());
      await client.invalidateQueries({ queryKey: CARD_LISTS_KEY });
      await client.invalidateQueries({ queryKey: ['batchPush', 'cards'] });
    } catch (error) {
      setProblem(describeFailure(error, lang));
    } finally {
      setSending(false);
    }
  };

  const people = rows.reduce((n, row) => {
    const wwids = new Set(lists.filter((l) => row.lists.includes(l.name)).flatMap((l) => l.receiver.map((r) => r.receiverId)));
    return n + wwids.size;
  }, 0);
  const wwids = (list: string[]) => (
    <Space size={[4, 4]} wrap>
      {list.slice(0, SHOWN_WWIDS).map((w) => (
        <Tag key={w}>{w}</Tag>
      ))}
      {list.length > SHOWN_WWIDS ? <span>+{list.length - SHOWN_WWIDS}</span> : null}
    </Space>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="fp-batch-push">
      <Card title={msg('batchPush.ui.title')}>
        <Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {msg('batchPush.ui.intro')}
        </Paragraph>
      </Card>

      <Card
        title={msg('batchPush.ui.lists')}
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadFile(BATCH_PUSH_PATHS.downloadTemplate, 'receiver-template.xlsx').catch(() => undefined)}
            >
              {msg('batchPush.ui.template')}
            </Button>
            <Upload
              accept=".xls,.xlsx"
              multiple={false}
              showUploadList={false}
              disabled={uploading || lists.length >= BATCH_PUSH_LIMITS.listsMax}
              beforeUpload={(file) => {
                void upload(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button
                type="primary"
                icon={<UploadOutlined />}
                loading={uploading}
                disabled={lists.length >= BATCH_PUSH_LIMITS.listsMax}
                data-testid="batch-upload"
              >
                {msg('batchPush.ui.upload')}
              </Button>
            </Upload>
          </Space>
        }
      >
        <Paragraph type="secondary">{msg('batchPush.ui.listRules')}</Paragraph>
        {listProblem ? <Alert type="error" showIcon title={listProblem} style={{ marginBottom: 12 }} /> : null}
        <Table<UploadedList>
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={lists}
          data-testid="batch-lists"
          locale={{ emptyText: <EmptyState description={msg('batchPush.ui.noLists')} /> }}
          columns={[
            { title: msg('batchPush.ui.listName'), dataIndex: 'name' },
            { title: msg('batchPush.ui.people'), width: 100, render: (_, list) => list.receiver.length },
            { title: msg('batchPush.ui.unknown'), render: (_, list) => (list.unknown.length ? wwids(list.unknown) : '—') },
            { title: msg('batchPush.ui.duplicates'), render: (_, list) => (list.duplicates.length ? wwids(list.duplicates) : '—') },
            {
              title: '',
              width: 60,
              render: (_, list) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${msg('batchPush.ui.remove')} ${list.name}`}
                  onClick={() => removeList(list.name)}
                />
              ),
            },
          ]}
        />
      </Card>

      <Card
        title={msg('batchPush.ui.rows')}
        extra={
          <Space wrap>
            <Button disabled={lists.length === 0} onClick={() => setRows((current) => current.map((row) => ({ ...row, lists: lists.map((l) => l.name) })))}>
              {msg('batchPush.ui.allToAll')}
            </Button>
            <Button icon={<PlusOutlined />} disabled={rows.length >= BATCH_PUSH_LIMITS.rowsMax} onClick={() => setRows((current) => [...current, emptyRow()])}>
              {msg('batchPush.ui.addRow')}
            </Button>
          </Space>
        }
      >
        <Table<Row>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows}
          data-testid="batch-rows"
          scroll={{ x: 900 }}
          columns={[
            { title: msg('batchPush.ui.row'), width: 56, render: (_, _row, index) => index + 1 },
            {
              title: msg('batchPush.ui.card'),
              width: 340,
              render: (_, row, index) => (
                <Select
                  showSearch={{ filterOption: false, onSearch: setSearch }}
                  allowClear
                  style={{ width: '100%' }}
                  aria-label={`${msg('batchPush.ui.card')} ${index + 1}`}
                  placeholder={msg('batchPush.ui.cardSearch')}
                  value={row.cardId}
                  loading={cards.isFetching}
                  options={cardOptions}
                  notFoundContent={cards.isFetching ? undefined : <EmptyState description={msg('batchPush.ui.noCards')} />}
                  onChange={(id: number | undefined) => {
                    const card = id === undefined ? undefined : cards.data?.find((c) => c.id === id);
                    if (card) setKnown((current) => new Map(current).set(card.id, card));
                    update(row.key, { cardId: id });
                    setSearch('');
                  }}
                />
              ),
            },
            {
              title: msg('batchPush.ui.rowLists'),
              render: (_, row, index) => (
                <Select
                  mode="multiple"
                  style={{ width: '100%', minWidth: 200 }}
                  aria-label={`${msg('batchPush.ui.rowLists')} ${index + 1}`}
                  value={row.lists}
                  options={lists.map((l) => ({ value: l.name, label: `${l.name} (${l.receiver.length})` }))}
                  onChange={(names: string[]) => update(row.key, { lists: names })}
                  {...dataOptions}
                />
              ),
            },
            {
              title: msg('batchPush.ui.mustRead'),
              width: 80,
              render: (_, row, index) => (
                <Checkbox
                  checked={row.mustRead}
                  aria-label={`${msg('batchPush.ui.mustRead')} ${index + 1}`}
                  onChange={(e) => update(row.key, { mustRead: e.target.checked })}
                />
              ),
            },
            {
              title: msg('batchPush.ui.notReadTime'),
              width: 130,
              render: (_, row, index) => (
                <InputNumber
                  aria-label={`${msg('batchPush.ui.notReadTime')} ${index + 1}`}
                  min={1}
                  max={PUSH_LIMITS.notReadTimeMax}
                  precision={0}
                  disabled={!row.mustRead}
                  value={row.notReadTime}
                  onChange={(v) => update(row.key, { notReadTime: v })}
                />
              ),
            },
            {
              title: msg('batchPush.ui.pushNum'),
              width: 130,
              render: (_, row, index) => (
                <InputNumber
                  aria-label={`${msg('batchPush.ui.pushNum')} ${index + 1}`}
                  min={1}
                  max={PUSH_LIMITS.pushNumMax}
                  precision={0}
                  disabled={!row.mustRead}
                  value={row.pushNum}
                  onChange={(v) => update(row.key, { pushNum: v })}
                />
              ),
            },
            {
              title: '',
              width: 60,
              render: (_, row, index) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${msg('batchPush.ui.remove')} ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                />
              ),
            },
          ]}
        />
      </Card>

      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Text strong>{msg('batchPush.ui.pushTime')}</Text>
            <Radio.Group
              value={timeMode}
              onChange={(e) => setTimeMode(e.target.value as 'now' | 'at')}
              options={[
                { value: 'now', label: msg('batchPush.ui.now') },
                { value: 'at', label: msg('batchPush.ui.at') },
              ]}
            />
            {timeMode === 'at' ? (
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                aria-label={msg('batchPush.ui.pushTime')}
                value={pushAt}
                disabledDate={(date) => isBeforeYesterday(date, dayjs())}
                onChange={(value) => setPushAt(value)}
                style={{ width: 220 }}
              />
            ) : null}
          </Space>
          <Space wrap>
            <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void submit()} data-testid="batch-submit">
              {msg('batchPush.ui.submit')}
            </Button>
            <Text type="secondary">{msg('batchPush.ui.summary', { rows: rows.filter((r) => r.cardId !== undefined).length, people })}</Text>
          </Space>
          {problem ? <Alert type="error" showIcon title={problem} data-testid="batch-problem" /> : null}
          {result ? (
            <Alert
              type="success"
              showIcon
              data-testid="batch-result"
              title={msg('batchPush.ok', { n: result.pushes.length })}
              description={
                <Space orientation="vertical" size={4}>
                  {result.pushes.map((p) => (
                    <span key={p.row}>{msg('batchPush.ui.result', { row: p.row, cardId: p.cardId, n: p.receivers, pushId: p.pushId })}</span>
                  ))}
                  <Space wrap>
                    <Link to="/recommend/inQueue">{msg('batchPush.ui.seeQueue')}</Link>
                    <Link to="/recommend/published">{msg('batchPush.ui.seePublished')}</Link>
                    <Link to="/reportDownload/cardPushDetail">{msg('batchPush.ui.seeReport')}</Link>
                  </Space>
                </Space>
              }
            />
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
