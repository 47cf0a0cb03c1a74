import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CARD_LIMITS, message, type CardContent, type CardFileKind, type MessageKey } from '@field-portal/shared';
import { callers, expectCardError, multipartPost, signIn, type Answer, type Lang, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['operator', 'operator2', 'rep01', 'admin'], tokens);
});
afterAll(async () => h?.close());

// ---- helpers ---------------------------------------------------------------------------

const { headers, read: get, post } = callers(() => h, tokens);

async function newId(user = 'operator'): Promise<number> {
  const res = await get(user, API.cards.newCardId);
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

const save = (user: string, id: number | string, content: unknown, status = 'draft', lang: Lang = 'zh', extra: object = {}) =>
  post(user, API.cards.updateCard, { content: typeof content === 'string' ? content : JSON.stringify(content), id, status, ...extra }, lang);

/** The form's error answer: HTTP status, card envelope, message in the caller's language, the field. */
const expectError = (res: Answer, status: number, key: MessageKey, field: string | undefined, lang: Lang = 'zh') =>
  expectCardError(res, status, key, lang, field);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const PDF = Buffer.from('%PDF-1.7\n');
/** Bytes that start like `head` and are exactly `size` long. */
const sized = (head: Buffer, size: number) => {
  const out = Buffer.alloc(size, 0x20);
  head.copy(out);
  return out;
};

function upload(user: string, parts: Part[], lang: Lang = 'zh') {
  return h.app.inject(multipartPost(API.cards.uploadCardFile, parts, headers(user, lang)));
}

async function uploadOk(user: string, id: number, kind: CardFileKind, bytes: Buffer, filename: string) {
  const res = await upload(user, [
    { name: 'id', value: String(id) },
    { name: 'kind', value: kind },
    { name: 'file', bytes, filename },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; name: string; no: string };
}

function storedFiles(): string[] {
  const root = path.join(h.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).map((p) => path.join(root, p)).filter((p) => fs.statSync(p).isFile());
}
const fileRows = async () => Number((await h.database.query<{ n: number }>('select count(*)::int as n from files'))[0]!.n);

/** A card ready to be created, with real uploads, for `user` under a fresh id. */
async function completeCard(user = 'operator', type = 2): Promise<{ id: number; content: CardContent }> {
  const id = await newId(user);
  const avatar = await uploadOk(user, id, 'avatar', PNG, 'me.png');
  const images = [];
  for (let i = 0; i < 3; i++) images.push(await uploadOk(user, id, 'image', JPEG, `picture-${i}.jpg`));
  const content: CardContent = {
    type,
    selectValue: 'study',
    BU: user === 'operator' ? 'Neuro_ALL' : 'HEMA_LL',
    titleName: '新药学习卡片',
    zhaiyao: '本卡片介绍新药的适应症与用法。',
    author: '运营',
    imageUrl: avatar.url,
    imageUrl1: images[0]!.url,
    imageUrl2: type === 3 ? images[1]!.url : '',
    imageUrl3: type === 3 ? images[2]!.url : '',
    linkValue: 'https://example.com/article/1',
    fileList: [],
  };
  return { id, content };
}

// ---- ids, drafts and created cards ----------------------------------------------------

describe('newCardId and updateCard', () => {
  it('allocates a new id for each call, in the card envelope', async () => {
    const res = await get('operator', API.cards.newCardId);
    expect(res.json()).toMatchObject({ status: 200, msg: 'success', data: { id: expect.any(Number) } });
    expect(await newId()).toBeGreaterThan(res.json().data.id);
  });

  it('accepts a draft with almost nothing and returns it to its owner only', async () => {
    const id = await newId();
    const empty = await save('operator', id, {});
    expect(empty.statusCode, empty.body).toBe(200);
    const id2 = await newId();
    expect((await save('operator', String(id2), { type: 4, titleName: '草' }, 'draft', 'zh', { createBy: 'operator', _t: 1700000000 })).statusCode).toBe(200);
    const draft = await get('operator', `${API.cards.getDraftCard}?id=${id2}&_t=1700000000`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toMatchObject({ id: id2, status: 'draft', createBy: 'operator' });
    expect(JSON.parse(draft.json().data.content)).toEqual({ type: 4, titleName: '草' });
    // Someone else's draft is not theirs to load as a draft, but the card is readable by any card user.
    expect((await get('operator2', `${API.cards.getDraftCard}?id=${id2}`)).statusCode).toBe(404);
    expect((await get('operator2', `${API.cards.selectCard}?id=${id2}`)).statusCode).toBe(200);
    // An id that is reserved but not saved is no card yet.
    expect((await get('operator', `${API.cards.selectCard}?id=${await newId()}`)).statusCode).toBe(404);
  });

  it('creates a card that passes every rule and reads it back through selectCard', async () => {
    const { id, content } = await completeCard('operator', 3);
    const res = await save('operator', id, content, 'created');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { id, status: 'created', createBy: 'operator' } });
    const selected = await get('operator2', `${API.cards.selectCard}?id=${id}`);
    expect(selected.statusCode).toBe(200);
    const card = selected.json().data;
    expect(card).toMatchObject({
      id,
      status: 'created',
      createBy: 'operator',
      lastPushTime: null,
      pushId: null,
      queueId: null,
      remark: null,
      source: '',
      template: '',
    });
    expect(JSON.parse(card.content)).toEqual(content);
    expect(new Date(card.createTime).toISOString()).toBe(card.createTime);
    // Created cards are copied under a new id, never changed in place (spec 000 section 4).
    expectError(await save('operator', id, content, 'created', 'en'), 409, 'card.notEditable', undefined, 'en');
    expect((await get('operator', `${API.cards.getDraftCard}?id=${id}`)).statusCode).toBe(404);
  });

  it('turns a draft into a created card under the same id', async () => {
    const { id, content } = await completeCard('operator', 2);
    expect((await save('operator', id, { ...content, linkValue: 'http://' }, 'draft')).statusCode).toBe(200);
    const created = await save('operator', id, content, 'created');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.status).toBe('created');
  });

  it('creates a text card (type 4) without images, and one with an attachment instead of a link', async () => {
    const id = await newId();
    const text: CardContent = {
      type: 4,
      selectValue: 'visit',
      BU: 'PC_All',
      titleName: '拜访提示',
      zhaiyao: '正文内容',
      author: '运营',
      linkValue: 'http://example.com/',
    };
    expect((await save('operator', id, text, 'created')).statusCode).toBe(200);
    const id2 = await newId();
    const attachment = await uploadOk('operator', id2, 'attachment', PDF, '说明.pdf');
    const withFile = await save('operator', id2, { ...text, linkValue: 'http://', fileList: [{ name: attachment.name, url: attachment.url }] }, 'created');
    expect(withFile.statusCode, withFile.body).toBe(200);
  });

  it('takes the creator from the token: a different createBy is refused, none is fine', async () => {
    const id = await newId();
    expectError(await save('operator', id, {}, 'draft', 'en', { createBy: 'operator2' }), 403, 'card.createByNotYou', 'createBy', 'en');
    const res = await save('operator', id, {}, 'draft');
    expect(res.json().data.createBy).toBe('operator');
  });

  it("refuses to overwrite another user's draft or reserved id (403) and an id never allocated (404)", async () => {
    const id = await newId('operator');
    expect((await save('operator', id, { titleName: '我的' })).statusCode).toBe(200);
    expectError(await save('operator2', id, { titleName: '他的' }), 403, 'auth.forbidden', undefined);
    expectError(await save('admin', id, { titleName: '管理员' }), 403, 'auth.forbidden', undefined);
    expect(JSON.parse((await get('operator', `${API.cards.selectCard}?id=${id}`)).json().data.content)).toEqual({ titleName: '我的' });
    const reserved = await newId('operator');
    expectError(await save('operator2', reserved, {}), 403, 'auth.forbidden', undefined);
    // The refused save did not use up the reservation.
    expect((await save('operator', reserved, {})).statusCode).toBe(200);
    expectError(await save('operator', 999_999_999, {}), 404, 'request.notFound', undefined);
  });

  it('refuses unknown properties, statuses other than draft and created, and bad ids', async () => {
    const id = await newId();
    expectError(await post('operator', API.cards.updateCard, { content: '{}', id, status: 'draft', owner: 'x' }, 'en'), 400, 'field.unknown', 'owner', 'en');
    expect((await save('operator', id, {}, 'publish')).statusCode).toBe(400);
    expect((await save('operator', 'abc', {})).statusCode).toBe(400);
    expect((await get('operator', `${API.cards.selectCard}?id=1&extra=1`)).statusCode).toBe(400);
    expect((await post('operator', API.cards.updateCard, { content: 'x'.repeat(CARD_LIMITS.contentMaxChars + 1), id, status: 'draft' })).statusCode).toBe(400);
  });
});

describe('card form rules (spec 000 section 5)', () => {
  let base: { id: number; content: CardContent };
  beforeAll(async () => {
    base = await completeCard('operator', 2);
  });
  const create = (change: Record<string, unknown>, lang: Lang = 'zh', type?: number) =>
    save('operator', base.id, { ...base.content, ...(type === undefined ? {} : { type }), ...change }, 'created', lang);

  it('title: required and 1 to 25 characters, in zh and en', async () => {
    expectError(await create({ titleName: '' }, 'en'), 400, 'card.titleRequired', 'content.titleName', 'en');
    expect((await create({ titleName: '   ' }, 'en')).json().msg).toBe('please enter title name');
    expectError(await create({ titleName: '' }, 'zh'), 400, 'card.titleRequired', 'content.titleName', 'zh');
    const long = await create({ titleName: '标'.repeat(CARD_LIMITS.titleMax + 1) });
    expectError(long, 400, 'card.titleLength', 'content.titleName');
    expect(long.json().msg).toBe('长度在 1 到 25 个字符');
    // The limits hold for drafts too; required fields do not.
    expectError(await save('operator', await newId(), { titleName: 'x'.repeat(26) }), 400, 'card.titleLength', 'content.titleName');
  });

  it('summary: at most 150 characters', async () => {
    expectError(await create({ zhaiyao: '摘'.repeat(CARD_LIMITS.summaryMax + 1) }), 400, 'card.summaryLength', 'content.zhaiyao');
    expect((await save('operator', base.id, { ...base.content, zhaiyao: '摘'.repeat(CARD_LIMITS.summaryMax) })).statusCode).toBe(200);
  });

  it('author is required (请输入作者)', async () => {
    const res = await create({ author: '' });
    expectError(res, 400, 'card.authorRequired', 'content.author');
    expect(res.json().msg).toBe('请输入作者');
    expectError(await create({ author: '' }, 'en'), 400, 'card.authorRequired', 'content.author', 'en');
    expect((await create({ author: '' }, 'en')).json().msg).toBe('Please enter the author');
  });

  it('names what is missing with "Card creation failed, check for unfilled content"', async () => {
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ selectValue: '' }, 'content.selectValue'],
      [{ BU: '' }, 'content.BU'],
      [{ zhaiyao: '' }, 'content.zhaiyao'],
      [{ imageUrl1: '' }, 'content.imageUrl1'],
      [{ imageUrl1: '' }, 'content.imageUrl1', 0],
      [{ imageUrl1: '' }, 'content.imageUrl1', 1],
      [{ imageUrl2: base.content.imageUrl1, imageUrl3: '' }, 'content.imageUrl3', 3],
      [{ zhaiyao: '' }, 'content.zhaiyao', 4],
      [{ linkValue: 'http://' }, 'content.linkValue'],
      [{ linkValue: '' }, 'content.linkValue'],
      [{ type: undefined }, 'content.type'],
    ];
    for (const [change, field, type] of cases) {
      const res = await create(change, 'en', type);
      expectError(res, 400, 'card.createIncomplete', field, 'en');
      expect(res.json().msg).toBe('Card creation failed, check for unfilled content');
    }
    expectError(await create({ selectValue: '' }, 'zh'), 400, 'card.createIncomplete', 'content.selectValue', 'zh');
  });

  it("needs a BU of the caller's own list", async () => {
    expectError(await create({ BU: 'HEMA_LL' }, 'en'), 400, 'card.buNotAllowed', 'content.BU', 'en');
    const other = await completeCard('operator2', 2);
    expectError(await save('operator2', other.id, { ...other.content, BU: 'Neuro_ALL' }, 'created'), 400, 'card.buNotAllowed', 'content.BU');
  });

  it('allows one attachment only, and either a link or an attachment', async () => {
    const a = await uploadOk('operator', base.id, 'attachment', PDF, 'a.pdf');
    const b = await uploadOk('operator', base.id, 'attachment', PDF, 'b.pdf');
    const two = [
      { name: a.name, url: a.url },
      { name: b.name, url: b.url },
    ];
    const res = await create({ linkValue: 'http://', fileList: two }, 'en');
    expectError(res, 400, 'card.fileLimit', 'content.fileList', 'en');
    expect(res.json().msg).toBe('currently limited to 1 file');
    expectError(await save('operator', base.id, { fileList: two }), 400, 'card.fileLimit', 'content.fileList');
    expectError(await create({ fileList: [{ name: a.name, url: a.url }] }, 'en'), 400, 'card.linkOrAttachment', 'content.linkValue', 'en');
  });

  it('refuses a category, type, field or file the form cannot produce', async () => {
    expectError(await create({ selectValue: 'lottery' }), 400, 'card.categoryInvalid', 'content.selectValue');
    expectError(await create({ type: 7 }), 400, 'card.typeInvalid', 'content.type');
    expectError(await create({ colour: 'red' }, 'en'), 400, 'field.unknown', 'content.colour', 'en');
    expectError(await create({ imageUrl1: 'https://evil.example/x.png' }), 400, 'card.fileUrlInvalid', 'content.imageUrl1');
    const attachment = await uploadOk('operator', base.id, 'attachment', sized(PNG, 100), 'not-an-image-upload.png');
    expectError(await create({ imageUrl1: attachment.url }), 400, 'card.fileMissing', 'content.imageUrl1');
    expectError(await create({ imageUrl1: `/API-XJP/IdataCardInfo/file/${crypto.randomUUID()}` }), 400, 'card.fileMissing', 'content.imageUrl1');
    expectError(await save('operator', base.id, 'not json'), 400, 'card.contentInvalid', 'content');
    expectError(await save('operator', base.id, '[1,2]'), 400, 'card.contentInvalid', 'content');
    expect((await save('operator', base.id, '{"__proto__":{"polluted":true}}')).statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts only absolute http: and https: links, in drafts and created cards', async () => {
    const unsafe = [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://user:secret@evil.example/',
      'www.example.com',
      '//example.com/x',
      'http://exa mple.com',
    ];
    for (const link of unsafe) {
      expectError(await create({ linkValue: link }, 'en'), 400, 'card.linkScheme', 'content.linkValue', 'en');
      expectError(await save('operator', base.id, { linkValue: link }), 400, 'card.linkScheme', 'content.linkValue');
    }
    expect((await save('operator', base.id, { linkValue: 'https://' })).statusCode).toBe(200);
    const fresh = await completeCard('operator', 2);
    const ok = await save('operator', fresh.id, { ...fresh.content, linkValue: 'https://example.com/path?a=1&b=二#top' }, 'created');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

// ---- files ------------------------------------------------------------------------------

describe('uploadCardFile', () => {
  const limits: [CardFileKind, number, Buffer, string, MessageKey][] = [
    ['avatar', CARD_LIMITS.avatarMaxBytes, PNG, 'avatar.png', 'card.avatarTooLarge'],
    ['image', CARD_LIMITS.imageMaxBytes, JPEG, 'photo.jpeg', 'card.imageTooLarge'],
    ['attachment', CARD_LIMITS.attachmentMaxBytes, PDF, 'big.pdf', 'card.attachmentTooLarge'],
  ];
  for (const [kind, limit, head, filename, key] of limits) {
    it(`takes a ${kind} of exactly ${limit} bytes and refuses one byte more with 413, keeping nothing`, async () => {
      const id = await newId();
      const before = { disk: storedFiles().length, rows: await fileRows() };
      const ok = await upload('operator', [
        { name: 'id', value: String(id) },
        { name: 'kind', value: kind },
        { name: 'file', bytes: sized(head, limit), filename },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ url: expect.stringMatching(/^\/API-XJP\/IdataCardInfo\/file\/[0-9a-f-]{36}$/), name: filename, no: 'operator' });
      expect(storedFiles().length).toBe(before.disk + 1);
      const tooBig = await upload(
        'operator',
        [
          { name: 'id', value: String(id) },
          { name: 'kind', value: kind },
          { name: 'file', bytes: sized(head, limit + 1), filename },
        ],
        'en',
      );
      expectError(tooBig, 413, key, 'file', 'en');
      expect(storedFiles().length).toBe(before.disk + 1);
      expect(await fileRows()).toBe(before.rows + 1);
      expect(fs.readdirSync(path.join(h.dataDir, 'files'), { recursive: true }).filter((p) => String(p).endsWith('.part'))).toEqual([]);
    });
  }

  it('uses the spec wording for the attachment limit', () => {
    expect(message('card.attachmentTooLarge', 'en')).toBe('attachment cannot exceed 50M');
    expect(message('card.avatarTooLarge', 'en')).toBe('The avatar image cannot exceed 2 MB');
  });

  it('judges types by the bytes: HTML renamed .png and PNG bytes named .jpg are refused', async () => {
    const id = await newId();
    const before = { disk: storedFiles().length, rows: await fileRows() };
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const send = (kind: CardFileKind, bytes: Buffer, filename: string, type = 'image/png') =>
      upload(
        'operator',
        [
          { name: 'id', value: String(id) },
          { name: 'kind', value: kind },
          { name: 'file', bytes, filename, type },
        ],
        'en',
      );
    expectError(await send('image', html, 'cute.png'), 415, 'card.imageType', 'file', 'en');
    expectError(await send('avatar', html, 'cute.png'), 415, 'card.avatarType', 'file', 'en');
    expectError(await send('attachment', html, 'cute.png'), 415, 'file.extensionMismatch', 'file', 'en');
    expectError(await send('image', sized(PNG, 64), 'photo.jpg', 'image/jpeg'), 415, 'file.extensionMismatch', 'file', 'en');
    expectError(await send('attachment', sized(PNG, 64), 'photo.jpg', 'image/jpeg'), 415, 'file.extensionMismatch', 'file', 'en');
    expectError(await send('image', sized(JPEG, 64), 'photo.gif'), 415, 'file.extensionMismatch', 'file', 'en');
    expectError(await send('image', Buffer.from([0x89, 0x50]), 'tiny.png'), 415, 'card.imageType', 'file', 'en');
    expectError(await send('attachment', Buffer.alloc(0), 'empty.txt'), 400, 'file.required', 'file', 'en');
    expect(storedFiles().length).toBe(before.disk);
    expect(await fileRows()).toBe(before.rows);
    // Any type is fine as an attachment when its name claims nothing else; it is served as a download.
    expect((await send('attachment', html, 'page.html', 'text/html')).statusCode).toBe(200);
  });

  it('keeps a cleaned original name as metadata and the bytes under a server-made name inside DATA_DIR/files', async () => {
    const id = await newId();
    const before = new Set(storedFiles());
    const res = await upload('operator', [
      { name: 'id', value: String(id) },
      { name: 'kind', value: 'image' },
      // filename* is decoded by the parser, so the raw name really holds ../, a quote and a tab.
      { name: 'file', bytes: sized(PNG, 32), filenameStar: encodeURIComponent('../../x"\tevil.png') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('xevil.png');
    const windows = await uploadOk('operator', id, 'image', sized(PNG, 32), '..\\..\\win.png');
    expect(windows.name).toBe('win.png');
    // The multipart parser drops a part whose name holds CR or LF: no file arrives, nothing is stored.
    const crlf = await upload('operator', [
      { name: 'id', value: String(id) },
      { name: 'kind', value: 'image' },
      { name: 'file', bytes: sized(PNG, 32), filenameStar: encodeURIComponent('x\r\nContent-Type: text/html.png') },
    ]);
    expectError(crlf, 400, 'file.required', 'file');
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(2);
    expect(path.relative(path.join(h.dataDir, 'files'), added[0]!)).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(h.dataDir, 'x'))).toBe(false);
    const download = await get('operator', res.json().data.url);
    expect(download.headers['content-disposition']).toBe(`inline; filename="xevil.png"; filename*=UTF-8''xevil.png`);
  });

  it('takes one file only, the fields before it, and the card id of the caller', async () => {
    const id = await newId();
    const before = { disk: storedFiles().length, rows: await fileRows() };
    const file = (filename: string) => ({ name: 'file', bytes: sized(PDF, 20), filename });
    const two = await upload('operator', [{ name: 'id', value: String(id) }, file('a.pdf'), file('b.pdf')], 'en');
    expectError(two, 400, 'card.fileLimit', 'file', 'en');
    expectError(await upload('operator', [file('a.pdf'), { name: 'id', value: String(id) }], 'en'), 400, 'file.fieldsFirst', 'id', 'en');
    expectError(await upload('operator', [{ name: 'id', value: String(id) }], 'en'), 400, 'file.required', 'file', 'en');
    expectError(await upload('operator', [{ name: 'id', value: String(id) }, { name: 'kind', value: 'video' }, file('a.pdf')]), 400, 'field.invalid', 'kind');
    expectError(
      await upload('operator', [{ name: 'id', value: String(id) }, { name: 'owner', value: 'x' }, file('a.pdf')], 'en'),
      400,
      'field.unknown',
      'owner',
      'en',
    );
    expectError(await upload('operator2', [{ name: 'id', value: String(id) }, file('a.pdf')]), 403, 'auth.forbidden', undefined);
    expectError(await upload('operator', [{ name: 'id', value: '999999999' }, file('a.pdf')]), 404, 'request.notFound', undefined);
    const notMultipart = await post('operator', API.cards.uploadCardFile, { id });
    expect(notMultipart.statusCode).toBe(415);
    expect(storedFiles().length).toBe(before.disk);
    expect(await fileRows()).toBe(before.rows);
    // The web's _t stamp is ignored; the kind defaults to attachment.
    const ok = await upload('operator', [{ name: '_t', value: '1700000000' }, { name: 'id', value: String(id) }, file('notes.pdf')]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('file downloads', () => {
  it('streams the file as a download with the detected type, RFC 6266 name and nosniff, to card staff who did not upload it', async () => {
    const id = await newId();
    const bytes = sized(PDF, 4096);
    const { url } = await uploadOk('operator', id, 'attachment', bytes, '报告 2026 (final).pdf');
    const res = await get('operator2', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="__ 2026 (final).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%202026%20%28final%29.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get('rep01', `/API-XJP/IdataCardInfo/file/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('rep01', '/API-XJP/IdataCardInfo/file/..%2F..%2Fjwt-secret')).statusCode).toBe(400);
  });

  it('serves images inline and anything unknown as octet-stream attachment', async () => {
    const id = await newId();
    const image = await uploadOk('operator', id, 'image', sized(PNG, 100), 'pic.png');
    const shown = await get('operator', image.url);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline; /);
    const page = await uploadOk('operator', id, 'attachment', Buffer.from('<html><script>alert(1)</script></html>'), 'page.html');
    const download = await get('operator', page.url);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });
});

describe('deleteCardFile', () => {
  it("lets only the file's owner delete it; the bytes, the row and the draft's reference go", async () => {
    const id = await newId();
    const file = await uploadOk('operator', id, 'attachment', sized(PDF, 300), 'gone.pdf');
    expect((await save('operator', id, { fileList: [{ name: file.name, url: file.url }], linkValue: 'http://' })).statusCode).toBe(200);
    const before = { disk: storedFiles().length, rows: await fileRows() };
    expectError(await post('operator2', API.cards.deleteCardFile, { no: 'operator2', url: file.url }), 403, 'auth.forbidden', undefined);
    expectError(await post('operator2', API.cards.deleteCardFile, { no: 'operator', url: file.url }), 403, 'auth.forbidden', undefined);
    expect(storedFiles().length).toBe(before.disk);
    const res = await post('operator', API.cards.deleteCardFile, { no: 'operator', url: file.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    expect(storedFiles().length).toBe(before.disk - 1);
    expect(await fileRows()).toBe(before.rows - 1);
    expect((await get('operator', file.url)).statusCode).toBe(404);
    const draft = JSON.parse((await get('operator', `${API.cards.getDraftCard}?id=${id}`)).json().data.content);
    expect(draft.fileList).toEqual([]);
    expect((await post('operator', API.cards.deleteCardFile, { no: 'operator', url: file.url })).statusCode).toBe(404);
    expectError(await post('operator', API.cards.deleteCardFile, { no: 'operator', url: '../../etc/passwd' }), 400, 'card.fileUrlInvalid', 'url');
  });

  it('keeps the files of a created card', async () => {
    const { id, content } = await completeCard('operator', 2);
    expect((await save('operator', id, content, 'created')).statusCode).toBe(200);
    expectError(await post('operator', API.cards.deleteCardFile, { no: 'operator', url: content.imageUrl1! }, 'en'), 409, 'card.fileInUse', undefined, 'en');
    expect((await get('operator', content.imageUrl1!)).statusCode).toBe(200);
  });
});

// ---- BU list and permissions ----------------------------------------------------------

describe('findBu and permissions', () => {
  it("answers the caller's own BU list as data.status and data.data", async () => {
    expect((await get('operator', API.cards.findBu)).json()).toEqual({
      status: 200,
      msg: 'success',
      data: { status: 200, data: ['D&A_All', 'Neuro_ALL', 'PC_All', 'IM_IBD'] },
    });
    expect((await get('operator2', API.cards.findBu)).json().data).toEqual({ status: 200, data: ['HEMA_LL', 'HEMA_MM', 'ST_All'] });
  });

  it('refuses every card route to a user without the card menu (rep01)', async () => {
    const id = await newId();
    const parts: Part[] = [
      { name: 'id', value: String(id) },
      { name: 'file', bytes: sized(PDF, 10), filename: 'a.pdf' },
    ];
    const calls = [
      () => get('rep01', API.cards.newCardId),
      () => save('rep01', id, {}),
      () => get('rep01', `${API.cards.getDraftCard}?id=${id}`),
      () => get('rep01', `${API.cards.selectCard}?id=${id}`),
      () => upload('rep01', parts),
      () => post('rep01', API.cards.deleteCardFile, { no: 'rep01', url: `/API-XJP/IdataCardInfo/file/${crypto.randomUUID()}` }),
      () => get('rep01', API.cards.findBu),
    ];
    for (const call of calls) expectError(await call(), 403, 'auth.forbidden', undefined);
    // Every card route but the download needs the card authority.
    const authoring: string[] = Object.values(API.cards);
    const cardRoutes = h.app.routeAccess.filter((r) => authoring.includes(r.url));
    expect(cardRoutes.filter((r) => r.authority !== 'cardArea:NewCard').map((r) => r.url)).toEqual([API.cards.file]);
    expect(cardRoutes).toHaveLength(calls.length + 1);
  });

  it('lists every card path in the OpenAPI document', async () => {
    const paths = Object.keys((await h.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(Object.values(API.cards).map((p) => p.replace(/:(\w+)/g, '{$1}'))));
  });
});
