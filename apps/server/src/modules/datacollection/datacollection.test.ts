import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DATA_COLLECTION_LIMITS, message, type DataCollectionPage, type DataCollectionRequest, type Lang } from '@field-portal/shared';
import { callers, expectFieldError, multipartPost, signIn, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'operator', 'rep01', 'msl01'], tokens);
});
afterAll(async () => h?.close());

const P = API.dataCollection;
const { headers } = callers(() => h, tokens);

const VALID = {
  sourcePlatform: '医院 HIS',
  content: '心内科门诊量',
  remarks: '按月',
  realTime: 'false',
  contactName: '王伟',
  contactPhone: '13800138000',
  wechat: 'ww',
  qq: '10001',
};

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

function submit(values: Record<string, string>, files: { name: string; bytes: Buffer }[] = [], user = 'rep01', lang: Lang = 'zh') {
  return h.app.inject(
    multipartPost(P.submit, [...fields(values), ...files.map((f) => ({ name: 'file', bytes: f.bytes, filename: f.name }))], headers(user, lang)),
  );
}

const expectError = expectFieldError;

const rowCount = async () => Number((await h.database.query<{ n: string }>('select count(*) as n from data_collection_requests'))[0]!.n);
const fileCount = async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const root = path.join(h.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
};

const put = (body: object, user = 'admin', lang: Lang = 'zh') =>
  h.app.inject({ method: 'PUT', url: P.updateStatus, headers: headers(user, lang), payload: body });

describe('filing a request', () => {
  it('stores the form and its one attachment, and lists it as submitted for its requester', async () => {
    const bytes = Buffer.alloc(2048, 7);
    const res = await submit(VALID, [{ name: '样例.csv', bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().result as DataCollectionRequest;
    expect(created).toMatchObject({
      createdBy: 'rep01',
      status: 'submitted',
      contactName: '王伟',
      contactPhone: '13800138000',
      realTime: false,
      fileName: '样例.csv',
      fileSize: 2048,
    });
    const mine = (await h.app.inject({ method: 'GET', url: P.mine, headers: headers('rep01') })).json().result as DataCollectionPage;
    expect(mine.result[0]!.id).toBe(created.id);
    const file = await h.app.inject({ method: 'GET', url: `${P.file}?id=${created.id}`, headers: headers('rep01') });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Someone else's attachment is not found; the handling menu may read it.
    const others = await h.app.inject({ method: 'GET', url: `${P.file}?id=${created.id}`, headers: headers('msl01') });
    expect(others.statusCode).toBe(404);
    // …exactly as an id that does not exist, so ids cannot be confirmed (issue 30).
    expect(others.json()).toEqual((await h.app.inject({ method: 'GET', url: `${P.file}?id=2000000000`, headers: headers('msl01') })).json());
    expect((await h.app.inject({ method: 'GET', url: `${P.file}?id=${created.id}`, headers: headers('admin') })).statusCode).toBe(200);
  });

  it('files a request without an attachment', async () => {
    const res = await submit({ contactName: '李娜', contactPhone: '15912345678', realTime: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ fileName: null, realTime: true, sourcePlatform: '' });
  });

  it('refuses each rule of spec section 5 with its message, and saves nothing', async () => {
    const before = await rowCount();
    const files = await fileCount();
    const long = 'x'.repeat(DATA_COLLECTION_LIMITS.textMax + 1);
    for (const lang of ['zh', 'en'] as const) {
      const { contactName: _n, ...noName } = VALID;
      expectError(await submit(noName, [], 'rep01', lang), 400, 'dataCollection.contactNameRequired', lang, 'contactName');
      expectError(await submit({ ...VALID, contactName: '   ' }, [], 'rep01', lang), 400, 'dataCollection.contactNameRequired', lang, 'contactName');
      const { contactPhone: _p, ...noPhone } = VALID;
      expectError(await submit(noPhone, [], 'rep01', lang), 400, 'dataCollection.phoneInvalid', lang, 'contactPhone');
      for (const phone of ['1380013800', '23800138000', '138001380001', '1380013800a']) {
        expectError(await submit({ ...VALID, contactPhone: phone }, [], 'rep01', lang), 400, 'dataCollection.phoneInvalid', lang, 'contactPhone');
      }
      for (const field of ['sourcePlatform', 'content', 'remarks']) {
        expectError(await submit({ ...VALID, [field]: long }, [], 'rep01', lang), 400, 'field.tooLong', lang, field, { max: DATA_COLLECTION_LIMITS.textMax });
      }
      // 300 characters (not bytes) are accepted: Chinese text counts by character.
      expect((await submit({ ...VALID, content: '数'.repeat(DATA_COLLECTION_LIMITS.textMax) }, [], 'rep01', lang)).statusCode).toBe(200);
      expectError(
        await submit(
          VALID,
          [
            { name: 'a.txt', bytes: Buffer.from('a') },
            { name: 'b.txt', bytes: Buffer.from('b') },
          ],
          'rep01',
          lang,
        ),
        400,
        'dataCollection.oneFile',
        lang,
        'file',
      );
      // 10M exactly is fine; one byte more is refused, counted by bytes whatever the name says.
      expectError(
        await submit(VALID, [{ name: 'small.txt', bytes: Buffer.alloc(DATA_COLLECTION_LIMITS.fileMaxBytes + 1, 1) }], 'rep01', lang),
        413,
        'dataCollection.fileTooLarge',
        lang,
        'file',
      );
      expectError(await submit({ ...VALID, unknown: 'x' }, [], 'rep01', lang), 400, 'field.unknown', lang, 'unknown');
      expectError(await submit({ ...VALID, content: 'a\u0000b' }, [], 'rep01', lang), 400, 'field.unstorable', lang, 'content');
    }
    // Two 300-character requests went through; nothing else was saved, no file left behind.
    expect(await rowCount()).toBe(before + 2);
    expect(await fileCount()).toBe(files);
    const max = await submit(VALID, [{ name: 'max.bin', bytes: Buffer.alloc(DATA_COLLECTION_LIMITS.fileMaxBytes, 1) }]);
    expect(max.statusCode, max.body).toBe(200);
    expect(max.json().result.fileSize).toBe(DATA_COLLECTION_LIMITS.fileMaxBytes);
  });

  it('needs the data-collection menu', async () => {
    expectError(await submit(VALID, [], 'operator', 'en'), 403, 'auth.forbidden', 'en');
    expectError(await h.app.inject({ method: 'GET', url: P.mine, headers: headers('operator', 'en') }), 403, 'auth.forbidden', 'en');
  });
});

describe('handling requests', () => {
  it('moves a request through its statuses with a notice to the requester each time; the requester sees it', async () => {
    const id = ((await submit(VALID)).json().result as DataCollectionRequest).id;
    const list = (await h.app.inject({ method: 'GET', url: `${P.list}?status=submitted`, headers: headers('admin') })).json().result as DataCollectionPage;
    expect(list.result.some((r) => r.id === id)).toBe(true);
    const notices = async () =>
      (
        await h.database.query<{ payload: string }>("select payload::text as payload from notice_outbox where payload::text like '%dataCollection.status%'")
      ).filter((r) => r.payload.includes(`"id":${id}`)).length;
    for (const [status, n] of [
      ['accepted', 1],
      ['inProgress', 2],
      ['delivered', 3],
    ] as const) {
      const res = await put({ id, status, reply: status === 'delivered' ? '已发送至邮箱' : undefined });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({ id, status, handledBy: 'admin' });
      expect(await notices()).toBe(n);
    }
    const mine = (await h.app.inject({ method: 'GET', url: P.mine, headers: headers('rep01') })).json().result as DataCollectionPage;
    expect(mine.result.find((r) => r.id === id)).toMatchObject({ status: 'delivered', reply: '已发送至邮箱' });
    // Delivered is final: no way back, and nothing changes.
    for (const lang of ['zh', 'en'] as const) {
      expectError(await put({ id, status: 'rejected' }, 'admin', lang), 400, 'dataCollection.badTransition', lang, 'status', {
        from: message('dataCollection.status.delivered', lang),
        to: message('dataCollection.status.rejected', lang),
      });
    }
    expect(await notices()).toBe(3);
  });

  it('rejects from submitted; an unknown request is not found; bad input names its field', async () => {
    const id = ((await submit(VALID)).json().result as DataCollectionRequest).id;
    expect((await put({ id, status: 'rejected', reply: '数据源不可用' })).json().result).toMatchObject({ status: 'rejected' });
    expectError(await put({ id: 2_000_000_000, status: 'accepted' }, 'admin', 'en'), 404, 'dataCollection.notFound', 'en');
    expectError(await put({ id, status: 'done' }, 'admin', 'en'), 400, 'field.invalid', 'en', 'status');
    expectError(await put({ id, status: 'accepted', extra: 1 }, 'admin', 'en'), 400, 'field.unknown', 'en', 'extra');
    expectError(
      await put({ id, status: 'accepted', reply: 'r'.repeat(DATA_COLLECTION_LIMITS.replyMax + 1) }, 'admin', 'en'),
      400,
      'field.tooLong',
      'en',
      'reply',
      { max: DATA_COLLECTION_LIMITS.replyMax },
    );
  });

  it('keeps the handling list and status changes to the handling menu', async () => {
    const id = ((await submit(VALID)).json().result as DataCollectionRequest).id;
    for (const user of ['rep01', 'operator']) {
      expectError(await h.app.inject({ method: 'GET', url: P.list, headers: headers(user, 'en') }), 403, 'auth.forbidden', 'en');
      expectError(await put({ id, status: 'accepted' }, user, 'en'), 403, 'auth.forbidden', 'en');
    }
    const row = await h.database.query<{ status: string }>('select status from data_collection_requests where id = $1', [id]);
    expect(row[0]!.status).toBe('submitted');
  });
});
