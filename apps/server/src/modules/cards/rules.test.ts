import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardFileUrl, type CardContent } from '@field-portal/shared';
import { AppError } from '../../platform/errors.js';
import { cleanFileName, contentDisposition, detectFileType, extensionAgrees, extensionOf } from '../../platform/file-types.js';
import { DiskFileStore, newStorageKey } from '../../platform/storage.js';
import { fileReferences, parseCardContent, withoutFile } from './service.js';
import { checkUploadType } from './upload.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
const HTML = new TextEncoder().encode('<html><body>');

const thrownKey = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.key}` : String(error);
  }
  return 'ok';
};

describe('file types by their bytes', () => {
  it('recognises JPEG and PNG whatever the name says, and serves a ZIP by its extension', () => {
    expect(detectFileType(PNG, 'jpg')).toEqual({ family: 'png', mime: 'image/png' });
    expect(detectFileType(JPEG, '')).toEqual({ family: 'jpeg', mime: 'image/jpeg' });
    expect(detectFileType(ZIP, 'xlsx')?.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(detectFileType(HTML, 'png')).toBeUndefined();
  });

  it('requires a known extension to agree with the bytes', () => {
    expect(extensionAgrees(detectFileType(PNG, 'png'), 'png')).toBe(true);
    expect(extensionAgrees(detectFileType(PNG, 'jpg'), 'jpg')).toBe(false);
    expect(extensionAgrees(detectFileType(HTML, 'png'), 'png')).toBe(false);
    expect(extensionAgrees(detectFileType(ZIP, 'docx'), 'docx')).toBe(true);
    expect(extensionAgrees(detectFileType(HTML, 'txt'), 'txt')).toBe(true);
  });

  it('applies the avatar and image rules: JPG or PNG, named so', () => {
    expect(thrownKey(() => checkUploadType('avatar', detectFileType(PNG, 'png'), 'png'))).toBe('ok');
    expect(thrownKey(() => checkUploadType('image', detectFileType(JPEG, 'jpeg'), 'jpeg'))).toBe('ok');
    expect(thrownKey(() => checkUploadType('avatar', detectFileType(HTML, 'png'), 'png'))).toBe('415 card.avatarType');
    expect(thrownKey(() => checkUploadType('image', detectFileType(PNG, 'jpg'), 'jpg'))).toBe('415 file.extensionMismatch');
    expect(thrownKey(() => checkUploadType('image', detectFileType(PNG, ''), ''))).toBe('415 file.extensionMismatch');
    expect(thrownKey(() => checkUploadType('attachment', detectFileType(HTML, 'html'), 'html'))).toBe('ok');
    expect(thrownKey(() => checkUploadType('attachment', detectFileType(HTML, 'pdf'), 'pdf'))).toBe('415 file.extensionMismatch');
  });
});

describe('file names', () => {
  it('keeps the last segment only, without control characters, quotes or leading dots', () => {
    expect(cleanFileName('../../x')).toBe('x');
    expect(cleanFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(cleanFileName('a"b\r\nc.png')).toBe('abc.png');
    expect(cleanFileName("it's <b>.pdf")).toBe('its b.pdf');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('.htaccess')).toBe('htaccess');
    expect(cleanFileName('report\u202Egnp.exe')).toBe('reportgnp.exe');
    expect(cleanFileName('报告 2026.pdf')).toBe('报告 2026.pdf');
    const long = cleanFileName(`${'长'.repeat(300)}.pdf`, 255);
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(extensionOf('archive.TAR.GZ')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
  });

  it('writes Content-Disposition as RFC 6266 with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '报告 (1).pdf')).toBe(`attachment; filename="__ (1).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29.pdf`);
    expect(contentDisposition('inline', 'a%b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%25b%5Cc.png`);
  });
});

describe('card content on the server', () => {
  const file = (n: number) => cardFileUrl(`00000000-0000-4000-8000-00000000000${n}`);

  it('parses JSON text and names the content field of the first problem', () => {
    expect(parseCardContent('{"type":2}')).toEqual({ type: 2 });
    const problem = (text: string) => {
      try {
        parseCardContent(text);
        return 'ok';
      } catch (error) {
        const e = error as AppError;
        return `${e.key} ${e.field}`;
      }
    };
    expect(problem('{')).toBe('card.contentInvalid content');
    expect(problem('null')).toBe('card.contentInvalid content');
    expect(problem('"text"')).toBe('card.contentInvalid content');
    expect(problem('{"titleName":"' + 'x'.repeat(26) + '"}')).toBe('card.titleLength content.titleName');
    expect(problem('{"fileList":[{"name":"a","url":"/x"}]}')).toBe('card.fileUrlInvalid content.fileList.0.url');
    expect(problem('{"extra":1}')).toBe('field.unknown content.extra');
    expect(problem('{"__proto__":{"a":1}}')).toBe('field.unknown content.__proto__');
  });

  it('lists the uploads a card refers to with the kinds each field takes', () => {
    const content: CardContent = { imageUrl: file(0), imageUrl1: file(1), imageUrl2: '', fileList: [{ name: 'a', url: file(2) }] };
    expect(fileReferences(content)).toEqual([
      { field: 'imageUrl', fileId: '00000000-0000-4000-8000-000000000000', kinds: ['avatar'] },
      { field: 'imageUrl1', fileId: '00000000-0000-4000-8000-000000000001', kinds: ['image', 'avatar'] },
      { field: 'fileList', fileId: '00000000-0000-4000-8000-000000000002', kinds: ['attachment'] },
    ]);
  });

  it('drops every reference to a deleted file', () => {
    const content: CardContent = { titleName: 't', imageUrl1: file(1), imageUrl2: file(2), fileList: [{ name: 'a', url: file(1) }] };
    expect(withoutFile(content, '00000000-0000-4000-8000-000000000001')).toEqual({ titleName: 't', imageUrl1: '', imageUrl2: file(2), fileList: [] });
  });
});

describe('DiskFileStore', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-store-'));
  const store = new DiskFileStore(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, reads and removes under server-made keys only', async () => {
    const key = newStorageKey();
    async function* body() {
      yield Buffer.from('hello ');
      yield Buffer.from('world');
    }
    expect(await store.put(key, body())).toEqual({ size: 11 });
    const opened = await store.open(key);
    expect(opened?.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello world');
    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
    expect(() => store.pathOf('../../etc/passwd')).toThrow();
  });

  it('leaves nothing behind when the body fails midway', async () => {
    const key = newStorageKey();
    async function* failing() {
      yield Buffer.alloc(64 * 1024);
      throw new Error('too large');
    }
    await expect(store.put(key, failing())).rejects.toThrow('too large');
    expect(fs.readdirSync(path.join(root, key.slice(0, 2)))).toEqual([]);
  });

  it('sweeps the temporary files a killed write left behind, once they are old, and nothing else', async () => {
    const key = newStorageKey();
    async function* body() {
      yield Buffer.from('kept');
    }
    await store.put(key, body());
    const folder = path.join(root, key.slice(0, 2));
    const stale = path.join(folder, `${key.slice(3)}.dead.part`);
    const fresh = path.join(folder, `${key.slice(3)}.live.part`);
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    fs.utimesSync(stale, hourAgo, hourAgo);
    expect(await store.sweepPartials(30 * 60_000)).toBe(1);
    expect(fs.readdirSync(folder).sort()).toEqual([key.slice(3), `${key.slice(3)}.live.part`].sort());
    expect(await store.sweepPartials(0, Date.now() + 1)).toBe(1);
    expect(fs.readdirSync(folder)).toEqual([key.slice(3)]);
    await store.remove(key);
  });

  it('leaves nothing behind when the body fails before the file is even open', async () => {
    // (Racy by nature; test/cards.test.ts counts the files on disk after refused uploads under load.)
    for (let i = 0; i < 5; i++) {
      const key = newStorageKey();
      // eslint-disable-next-line require-yield
      async function* refused(): AsyncGenerator<Uint8Array> {
        throw new Error('wrong type');
      }
      await expect(store.put(key, refused())).rejects.toThrow('wrong type');
      // A file opened late would show up only after the rejection.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.readdirSync(path.join(root, key.slice(0, 2)))).toEqual([]);
    }
  });
});
