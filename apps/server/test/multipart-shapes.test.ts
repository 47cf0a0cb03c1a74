import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BATCH_PUSH_PATHS, fieldInWords, message } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';

/**
 * Every upload route given a body that is not a well-formed upload: a 4xx with a message in the
 * caller's language, never a 5xx, and never 正文 (an article's body) for the request as a whole.
 */
let h: Harness;
let admin = '';
let operator = '';
beforeAll(async () => {
  h = await createHarness();
  admin = (await h.login('admin')).access;
  operator = (await h.login('operator')).access;
});
afterAll(async () => h?.close());

const routes: { url: string; user: () => string }[] = [
  { url: API.imports.upload, user: () => admin },
  { url: API.admin.permissionImport, user: () => admin },
  { url: API.apps.orgImport.replace(':type', 'org'), user: () => admin },
  { url: API.apps.file.upload, user: () => admin },
  { url: API.content.uploadCover, user: () => admin },
  { url: API.meetings.uploadPoster, user: () => admin },
  { url: API.cards.uploadCardFile, user: () => operator },
  { url: API.push.uploadReceiverList, user: () => operator },
  { url: BATCH_PUSH_PATHS.uploadReceiverList, user: () => admin },
  { url: API.dataCollection.submit, user: () => admin },
];

const B = 'XyZzyBoundary';
/** `malformed`: a body that is no well-formed form, answered as a malformed JSON body is (请求内容 格式不正确). */
const shapes: { name: string; type: string; body: string | Buffer; malformed?: true }[] = [
  { name: 'no body', type: `multipart/form-data; boundary=${B}`, body: '' },
  {
    name: 'no boundary',
    malformed: true,
    type: 'multipart/form-data',
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx\r\n--${B}--\r\n`,
  },
  { name: 'JSON to an upload', type: 'application/json', body: '{"file":"x"}' },
  { name: 'plain text', type: 'text/plain', body: 'hello' },
  { name: 'cut off in the headers', malformed: true, type: `multipart/form-data; boundary=${B}`, body: `--${B}\r\nContent-Disposition: form-da` },
  {
    name: 'cut off in the file',
    type: `multipart/form-data; boundary=${B}`,
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ncode,name\r\n1,x`,
  },
  { name: 'a part without headers', type: `multipart/form-data; boundary=${B}`, body: `--${B}\r\n\r\nx\r\n--${B}--\r\n` },
  {
    name: 'a file without a name',
    type: `multipart/form-data; boundary=${B}`,
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\nx\r\n--${B}--\r\n`,
  },
  { name: 'only the closing line', type: `multipart/form-data; boundary=${B}`, body: `--${B}--\r\n` },
  { name: 'bytes that are no text', malformed: true, type: `multipart/form-data; boundary=${B}`, body: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]) },
];

describe('an upload route given a body that is no upload', () => {
  for (const route of routes) {
    it(`${route.url}: 4xx, a message in the caller's words, never 正文`, async () => {
      const wrong: string[] = [];
      for (const shape of shapes) {
        for (const language of ['zh', 'en'] as const) {
          const res = await h.app.inject({
            method: 'POST',
            url: route.url,
            headers: { ...h.auth(route.user()), language, 'content-type': shape.type },
            payload: shape.body,
          });
          const body = res.json<{ msg?: string; message?: string }>();
          const text = body.msg ?? body.message ?? '';
          const inWords = language === 'en' ? !/[\u4e00-\u9fff]/.test(text) : /[\u4e00-\u9fff]/.test(text);
          const malformed = message('field.invalid', language, { field: fieldInWords('$body', language) });
          if (res.statusCode < 400 || res.statusCode >= 500 || !text || text.includes('正文') || !inWords || (shape.malformed && text !== malformed)) {
            wrong.push(`${shape.name} (${language}): ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
