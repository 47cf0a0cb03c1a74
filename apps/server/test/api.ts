import crypto from 'node:crypto';
import { expect } from 'vitest';
import { isDoctorOutOfScope, message, paramsIn, withFieldInWords, type DoctorOutOfScope, type MessageKey, type MessageParam } from '@field-portal/shared';
import type { Harness } from './harness.js';

/**
 * What the API tests share: callers signed in by username, and the checks of an answer's
 * envelope (`{ code, msg, result }`, or `{ status, msg, data }` on the card paths).
 */

export type Lang = 'zh' | 'en';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What app.inject answers, as far as the checks read it. */
export interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

export interface ErrorBody {
  code?: number;
  status?: number;
  msg: string;
  field?: string;
}

/** The doctor a row names, checked to be named rather than the out-of-scope marker (docs/decisions/0036). */
export function namedDoctor<T extends object>(doctor: T | DoctorOutOfScope): T {
  if (isDoctorOutOfScope(doctor)) throw new Error('the doctor is named as outside the reader’s data scope');
  return doctor;
}

/** The `result` of a 200 answer (envelope code 200). */
export function ok<T = Record<string, unknown>>(res: Answer): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { code: number; result: T };
  expect(body.code).toBe(200);
  return body.result;
}

/**
 * An error answer: its HTTP status (also in the envelope's code or status) and its message in
 * `lang`, the answer's own field filled in unless `params` names one.
 */
export function expectError(res: Answer, status: number, key: MessageKey, lang: Lang = 'zh', params: Record<string, MessageParam> = {}): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as ErrorBody;
  expect(body.code ?? body.status).toBe(status);
  // the field in the message is in the reader's words (the words themselves: test/field-words.test.ts)
  expect(body.msg).toBe(message(key, lang, withFieldInWords(key, { ...(body.field ? { field: body.field } : {}), ...paramsIn(params, lang) }, lang)));
  return body;
}

/** expectError, and (when given) the field the answer names. */
export function expectFieldError(
  res: Answer,
  status: number,
  key: MessageKey,
  lang: Lang = 'zh',
  field?: string,
  params: Record<string, MessageParam> = {},
): ErrorBody {
  const body = expectError(res, status, key, lang, params);
  if (field !== undefined) expect(body.field).toBe(field);
  return body;
}

/**
 * An error answer on the card paths (`{ status, msg, data: null }`): its status, no data, its
 * message in `lang` naming `field`, and that field.
 */
export function expectCardError(res: Answer, status: number, key: MessageKey, lang: Lang = 'zh', field?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { status: number; msg: string; data: unknown; field?: string };
  expect(body.status).toBe(status);
  expect(body.data).toBeNull();
  expect(body.msg).toBe(message(key, lang, withFieldInWords(key, field ? { field } : {}, lang)));
  if (field) expect(body.field).toBe(field);
}

/** Signs each user in (demo password) and answers their access tokens by username. */
export async function signIn(h: Harness, users: readonly string[], tokens: Record<string, string> = {}): Promise<Record<string, string>> {
  for (const user of users) tokens[user] = (await h.login(user)).access;
  return tokens;
}

/**
 * Requests as a signed-in user (its token from `tokens`) in a language. `harness` is read at each
 * call, so the callers can be made before beforeAll creates the harness.
 */
export function callers(harness: () => Harness, tokens: Record<string, string>) {
  const headers = (user: string, lang: Lang = 'zh') => ({ ...harness().auth(tokens[user]!), language: lang });
  const call = (user: string, method: Method, url: string, payload?: object, lang: Lang = 'zh') =>
    harness().app.inject({ method, url, headers: headers(user, lang), ...(payload ? { payload } : {}) });
  const get = (user: string, url: string, query: Record<string, string | number> = {}, lang: Lang = 'zh') =>
    harness().app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: headers(user, lang),
    });
  const post = (user: string, url: string, payload: object, lang: Lang = 'zh') =>
    harness().app.inject({ method: 'POST', url, payload, headers: headers(user, lang) });
  /** GET of a url as it stands (its query written in it), in a language. */
  const read = (user: string, url: string, lang: Lang = 'zh') => call(user, 'GET', url, undefined, lang);
  return { headers, call, get, post, read };
}

/** A part of a multipart body: a form field, or a file (its name as sent, `filename*` for RFC 5987 names, its content type). */
export type Part = { name: string; value: string } | { name: string; bytes: Buffer; filename?: string; filenameStar?: string; type?: string };

/** A multipart/form-data body built by hand, so a test can send what a browser would not (raw names, odd order). */
export function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----fp${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('bytes' in part) {
      head += part.filenameStar !== undefined ? `; filename*=UTF-8''${part.filenameStar}` : `; filename="${part.filename ?? 'file.bin'}"`;
      head += `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), 'bytes' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The inject options of a multipart POST: its body, with its content type added to `headers`. */
export function multipartPost(url: string, parts: readonly Part[], headers: Record<string, string>) {
  const { payload, contentType } = multipart(parts);
  return { method: 'POST' as const, url, payload, headers: { ...headers, 'content-type': contentType } };
}

/** The id of every account by username. */
export async function userIds(h: Harness): Promise<Record<string, number>> {
  const rows = await h.database.query<{ id: number; username: string }>('select id, username from users');
  return Object.fromEntries(rows.map((r) => [r.username, r.id]));
}
