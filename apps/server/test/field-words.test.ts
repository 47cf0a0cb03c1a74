import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FIELD_WORDS } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';

/**
 * Rule 4 of the project: a refusal names the field in the user's words, in zh and en. The server's
 * schema messages say "{field} 不能为空"; `{field}` is the request field's words (FIELD_WORDS,
 * docs/decisions/0076), while the answer's `field` stays the API's path for the forms to place it.
 */

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  token = (await h.login('admin')).access;
}, 600_000);
afterAll(async () => h?.close());

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Every request field the OpenAPI document names (query, path and body, nested ones too), with an operation that takes it. */
function requestFields(): Map<string, string> {
  const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
  const fields = new Map<string, string>();
  const walk = (schema: Schema | undefined, where: string, depth: number) => {
    if (!schema || depth > 12) return;
    if (schema.$ref) return walk(doc.components?.schemas?.[schema.$ref.split('/').pop()!], where, depth + 1);
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      if (!fields.has(name)) fields.set(name, where);
      walk(inner, where, depth + 1);
    }
    walk(schema.items, where, depth + 1);
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, where, depth + 1);
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      // (a query that takes any further parameter comes out of the document generator as one named additionalProperties)
      for (const p of operation.parameters ?? []) if (p.name !== 'additionalProperties' && !fields.has(p.name)) fields.set(p.name, where);
      for (const body of Object.values(operation.requestBody?.content ?? {})) walk(body.schema, where, 0);
    }
  }
  return fields;
}

const call = (method: 'GET' | 'POST', url: string, lang: 'zh' | 'en', payload?: object) =>
  h.app.inject({ method, url, headers: { ...h.auth(token), language: lang }, ...(payload ? { payload } : {}) });

describe('a request field in the user’s words', () => {
  it('every field of every call has its words in both languages', () => {
    const fields = requestFields();
    expect(fields.size).toBeGreaterThan(200);
    const missing = [...fields].filter(([name]) => !Object.hasOwn(FIELD_WORDS, name)).map(([name, where]) => `${name} (${where})`);
    expect(missing).toEqual([]);
    for (const [name, words] of Object.entries(FIELD_WORDS)) {
      expect(words.zh.trim(), name).not.toBe('');
      expect(words.en.trim(), name).not.toBe('');
    }
  });

  it('a query parameter out of range is named in words, and the answer still names its path', async () => {
    const zh = (await call('GET', `${API.market.opinionTrend}?months=99`, 'zh')).json() as { msg: string; field: string };
    expect(zh).toMatchObject({ msg: '月数 不能大于 36', field: 'months' });
    const en = (await call('GET', `${API.market.opinionTrend}?months=0`, 'en')).json() as { msg: string; field: string };
    expect(en).toMatchObject({ msg: 'Months must be at least 1', field: 'months' });
  });

  it('a body field is named in words; a field the call does not take keeps the name it was sent by', async () => {
    const long = (await call('POST', API.activity.createTask, 'zh', { title: 'x'.repeat(500), principalId: 1, dueTime: Date.now() + 86_400_000 })).json() as {
      msg: string;
      field: string;
    };
    expect(long.field).toBe('title');
    expect(long.msg).toMatch(/^标题 最多 \d+ 个字符$/);
    const extra = (await call('POST', API.activity.createTask, 'en', { title: 'x', principalId: 1, dueTime: Date.now() + 86_400_000, owner: 1 })).json() as {
      msg: string;
      field: string;
    };
    expect(extra).toMatchObject({ msg: 'Unknown field owner', field: 'owner' });
  });

  it('a refusal of the whole request says so, not 正文 (an article body)', async () => {
    for (const [lang, words] of [
      ['zh', '请求内容'],
      ['en', 'Request body'],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: API.activity.createTask,
        headers: { ...h.auth(token), language: lang, 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { msg: string; field: string };
      expect(body.field).toBe('body');
      expect(body.msg).toContain(words);
      expect(body.msg).not.toMatch(/正文|^Body/);
    }
  });
});
