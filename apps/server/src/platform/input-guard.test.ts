import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, message, fieldInWords } from '@field-portal/shared';
import { registerErrorHandling } from './errors.js';
import { inputGuardPlugin } from './input-guard.js';
import { parseCardContent } from '../modules/cards/service.js';

/** A server of the guard alone, its log lines kept: what a refused input leaves in the log. */
async function guarded() {
  const lines: { level: number; msg: string; err?: unknown; stack?: unknown }[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } } });
  registerErrorHandling(app);
  await app.register(inputGuardPlugin);
  app.post('/echo', async (request) => ({ body: request.body }));
  app.post('/many', { config: { jsonValuesMax: 2 * INPUT_LIMITS.valuesMax } }, async () => ({ ok: true }));
  app.get('/echo', async (request) => ({ query: request.query }));
  await app.ready();
  return { app, lines };
}

const nested = (levels: number) => `{"a":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;

describe('the input guard', () => {
  it('refuses a body nested too deep with 400 naming the limit, and logs it without a stack, below error level', async () => {
    const { app, lines } = await guarded();
    for (const levels of [INPUT_LIMITS.depthMax, 5_000, 100_000, 100_000]) {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: nested(levels) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body', msg: message('field.tooDeep', 'zh', { field: fieldInWords('$body', 'zh') }) });
    }
    const ok = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: nested(INPUT_LIMITS.depthMax - 1) });
    expect(ok.statusCode).toBe(200);
    const refusals = lines.filter((l) => l.msg.includes('input limits'));
    expect(refusals).toHaveLength(4);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => JSON.stringify(l).includes('"stack"'))).toEqual([]);
    await app.close();
  });

  it('refuses too many values, unless the route declares more; a query string has a limit of its own', async () => {
    const { app } = await guarded();
    const body = wide(INPUT_LIMITS.valuesMax);
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'body',
      msg: message('field.tooManyValues', 'zh', { field: fieldInWords('$body', 'zh'), max: INPUT_LIMITS.valuesMax }),
    });
    expect((await app.inject({ method: 'POST', url: '/many', headers: { 'content-type': 'application/json' }, payload: body })).statusCode).toBe(200);
    const query = Array.from({ length: INPUT_LIMITS.queryValuesMax }, (_, i) => `k${i}=1`).join('&');
    const refused = await app.inject({ method: 'GET', url: `/echo?${query}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'query',
      msg: message('field.tooManyValues', 'zh', { field: fieldInWords('$query', 'zh'), max: INPUT_LIMITS.queryValuesMax }),
    });
    expect((await app.inject({ method: 'GET', url: `/echo?${query.split('&').slice(1).join('&')}` })).statusCode).toBe(200);
    await app.close();
  });

  it('still names an unstorable string, however deep within the limits', async () => {
    const { app } = await guarded();
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":[[{"b":"x\\u0000"}]]}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'a.0.0.b' });
    await app.close();
  });
});

describe('JSON text inside a field', () => {
  it("a card's content nested beyond the limit is refused naming the content, before it is parsed", () => {
    const deep = `{"titleName":"x","a":${'['.repeat(5_000)}1${']'.repeat(5_000)}}`;
    expect(() => parseCardContent(deep)).toThrow(expect.objectContaining({ statusCode: 400, key: 'field.tooDeep', field: 'content' }));
  });
});
