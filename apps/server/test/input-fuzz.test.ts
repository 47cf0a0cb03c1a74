import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DB_INT_MAX, INPUT_LIMITS, message, fieldInWords } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 12: every route of the OpenAPI document, called with hostile values in each of its path,
 * query and body fields, answers 4xx, never 5xx; a value the route must refuse (NUL, a lone
 * surrogate, an id beyond the 32-bit columns, a wrong type, an unknown property, `__proto__`)
 * answers 400 naming that field. The cases come from the document, so a route is covered the day it
 * is registered.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Case {
  route: string;
  field: string;
  kind: string;
  /** A value the route must refuse: 400 naming `field`. Otherwise only "not 5xx". */
  refused: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The first alternative of a union that is not null, as the schema to build a value from. */
function plain(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plain(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]);
  if (schema.allOf?.length) return plain(schema.allOf[0]);
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.enum?.length) return typeof schema.enum[0];
  if (schema.const !== undefined) return typeof schema.const;
  return undefined;
}

/** A value the schema accepts as far as its JSON Schema says (the baseline the hostile values replace). */
function valid(schemaIn: JsonSchema | undefined, name = ''): unknown {
  const schema = plain(schemaIn);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valid(schema.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = valid(schema.properties?.[key], key);
      return out;
    }
    default: {
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uri' || /url|uri|link/i.test(name)) return 'https://example.com/';
      if (schema.format === 'email') return 'a@example.com';
      if (schema.pattern && /\\d|0-9/.test(schema.pattern) && !/[a-z]/i.test(schema.pattern.replace(/\\d/g, ''))) return '1';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
  }
}

interface Mutation {
  kind: string;
  value: unknown;
  refused: boolean;
}

const HUGE = [DB_INT_MAX + 1, 2 ** 53 + 2, 1e20];

/** Every JSON type a field accepts (the alternatives of a union together). */
function typesOf(schemaIn: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (schema: JsonSchema | undefined) => {
    if (!schema) return;
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return alternatives.forEach(walk);
    if (schema.allOf?.length) return walk(schema.allOf[0]);
    const type = typeOf(schema);
    if (type) out.add(type);
  };
  walk(schemaIn);
  return out;
}

/** Hostile values for one field of the given schema. */
function mutations(schemaIn: JsonSchema | undefined): Mutation[] {
  const types = typesOf(schemaIn);
  const any = types.size === 0;
  const text = any || types.has('string');
  const numeric = types.has('number') || types.has('integer');
  const list: Mutation[] = [
    { kind: 'NUL', value: 'a\u0000b', refused: text },
    { kind: 'lone surrogate', value: 'a\ud800b', refused: text },
    { kind: 'negative', value: -1, refused: false },
    { kind: 'fraction', value: 1.5, refused: !any && !types.has('number') && !types.has('string') },
    // Every text field has a length limit (SECURITY.md 2.2.1).
    { kind: 'long text', value: 'x'.repeat(100_000), refused: !any },
    { kind: 'object', value: { a: 1 }, refused: !any && !types.has('object') },
  ];
  // Beyond the 32-bit columns: refused where the field is an id (dbId), else answered without a 5xx
  // (a page number or a 64-bit id may be that large); beyond 2^53 no integer field accepts it.
  for (const value of HUGE) {
    const refused = !any && (!numeric ? !types.has('string') : !types.has('number') && value > Number.MAX_SAFE_INTEGER);
    list.push({ kind: `huge ${value}`, value, refused });
  }
  return list;
}

/** As a query or path string: objects are not sendable there, NUL and a lone surrogate are. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'object') return undefined;
  return String(value);
}

function encode(value: string): string {
  // encodeURIComponent throws on a lone surrogate: send its UTF-8 bytes' replacement like a browser would not, raw.
  return value.replace(/[^A-Za-z0-9_.~-]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
    return encodeURIComponent(ch);
  });
}

interface RouteSpec {
  route: string;
  method: string;
  path: string;
  params: Parameter[];
  pathValues: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  bodySchema: JsonSchema | undefined;
  form: boolean;
  multipart: boolean;
  body: Record<string, unknown> | undefined;
  /** Whether the baseline request passed the route's validation (then a refusal must name the mutated field). */
  baselineValid: boolean;
}

function routeSpecs(doc: { paths: Record<string, Record<string, Operation>> }): RouteSpec[] {
  const specs: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/API-')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const pathValues: Record<string, string> = {};
      const query: Record<string, string> = {};
      const headers: Record<string, string> = {};
      for (const p of params) {
        const v = String(valid(p.schema, p.name));
        if (p.in === 'path') pathValues[p.name] = v;
        else if (p.in === 'query' && p.required) query[p.name] = p.name === 'username' ? 'admin' : v;
        else if (p.in === 'header') headers[p.name] = p.name.toLowerCase() === 'username' ? 'admin' : v;
      }
      const content = operation.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      const formBody = !jsonBody ? content['application/x-www-form-urlencoded']?.schema : undefined;
      const multipart = Boolean(content['multipart/form-data']);
      const bodySchema = jsonBody ?? formBody;
      const body = bodySchema && !multipart ? valid(bodySchema) : undefined;
      specs.push({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params,
        pathValues,
        query,
        headers,
        bodySchema,
        form: Boolean(formBody),
        multipart,
        body: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined,
        baselineValid: false,
      });
    }
  }
  return specs;
}

interface Change {
  path?: [string, string];
  query?: [string, string];
  body?: unknown;
  raw?: string;
}

function request(spec: RouteSpec, change: Change = {}): Omit<Case, 'route' | 'field' | 'kind' | 'refused'> {
  const pv = { ...spec.pathValues, ...(change.path ? { [change.path[0]]: change.path[1] } : {}) };
  const url = spec.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(pv[name] ?? '1'));
  const q = { ...spec.query, ...(change.query ? { [change.query[0]]: change.query[1] } : {}) };
  const search = Object.entries(q)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  const out: Omit<Case, 'route' | 'field' | 'kind' | 'refused'> = { method: spec.method, url: search ? `${url}?${search}` : url, headers: { ...spec.headers } };
  const body = change.raw ?? (change.body !== undefined ? change.body : spec.body);
  if (body !== undefined && !spec.multipart) {
    if (typeof body === 'string') {
      out.payload = body;
      out.headers['content-type'] = 'application/json';
    } else if (spec.form) {
      out.payload = Object.entries(body as Record<string, unknown>)
        .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
        .join('&');
      out.headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      out.payload = JSON.stringify(body);
      out.headers['content-type'] = 'application/json';
    }
  }
  return out;
}

/** Values tried in turn for a baseline field the route refused. */
const CANDIDATES: unknown[] = [
  '/a',
  'a1',
  'A1',
  'https://example.com/',
  'a@example.com',
  '2026-01-01',
  '2026-01-01 00:00:00',
  '1',
  1,
  0,
  true,
  [],
  [1],
  {},
  '13800000000',
  'Abcdef12!x',
];

function buildCases(spec: RouteSpec): Case[] {
  const cases: Case[] = [];
  const make = (kind: string, field: string, refused: boolean, change: Change): Case => ({ route: spec.route, field, kind, refused, ...request(spec, change) });
  for (const p of spec.params) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const types = typesOf(p.schema);
    for (const m of mutations(p.schema)) {
      const text = asText(m.value);
      if (text === undefined) continue;
      // A query or path value is text: only its content can be refused, not its JSON type.
      const numeric = (types.has('integer') || types.has('number')) && !types.has('string');
      const refused =
        m.kind === 'NUL' || (numeric && m.refused && m.kind !== 'lone surrogate' && m.kind !== 'long text') || (m.kind === 'long text' && m.refused);
      cases.push(make(m.kind, p.name, refused, p.in === 'path' ? { path: [p.name, text] } : { query: [p.name, text] }));
    }
  }
  if (spec.params.some((p) => p.in === 'query')) {
    cases.push(make('unknown query parameter', 'zzUnknown', true, { query: ['zzUnknown', '1'] }));
  }
  if (spec.body) {
    const properties = plain(spec.bodySchema).properties ?? {};
    for (const [name, schema] of Object.entries(properties)) {
      for (const m of mutations(schema)) {
        if (spec.form && typeof m.value === 'object') continue;
        const refused = spec.form ? m.kind === 'NUL' : m.refused;
        cases.push(make(m.kind, name, refused, { body: { ...spec.body, [name]: m.value } }));
      }
    }
    cases.push(make('unknown property', 'zzUnknown', !spec.form, { body: { ...spec.body, zzUnknown: 1 } }));
    if (!spec.form) {
      const rest = JSON.stringify(spec.body).slice(1);
      cases.push(make('__proto__', '__proto__', true, { raw: `{"__proto__":{"isAdmin":true}${rest === '}' ? '' : ','}${rest}` }));
      cases.push(make('body of wrong type', 'body', true, { raw: '[1,2,3]' }));
      cases.push(make('NUL in a key', 'a\u0000', true, { body: { ...spec.body, 'a\u0000': 'x' } }));
    }
  }
  return cases;
}

let h: Harness;
let token = '';

beforeAll(async () => {
  // A probe request stops after validation, so finding a valid baseline runs no handler.
  h = await createHarness((app) => {
    // The body's value limit of the route a probe reached (a push takes more than the general one).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.headers[PROBE]) reply.header(VALUES_MAX_HEADER, String(request.routeOptions.config?.jsonValuesMax ?? INPUT_LIMITS.valuesMax));
      done();
    });
    app.addHook('preHandler', (request, reply, done) => {
      if (request.headers[PROBE]) return void reply.code(PROBE_STATUS).send();
      done();
    });
  });
  token = (await h.login('admin')).access;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Each case from its own address, so the per-address sign-in limits never answer first. */
let addressSeq = 0;
const nextAddress = () => {
  addressSeq++;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

async function send(c: Omit<Case, 'route' | 'field' | 'kind' | 'refused'>, probe = false) {
  const headers: Record<string, string> = { ...c.headers, authorization: `Bearer ${token}`, 'accept-language': 'en' };
  if (probe) headers[PROBE] = '1';
  return h.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers,
    remoteAddress: nextAddress(),
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
}

/**
 * Finds a request the route's validation accepts (probing, so no handler runs), trying other
 * values for each field it names; the hostile values then replace one field of it at a time.
 */
async function settleBaseline(spec: RouteSpec): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await send(request(spec), true);
    if (res.statusCode === PROBE_STATUS) {
      spec.baselineValid = true;
      return;
    }
    if (res.statusCode !== 400) return;
    const field = (res.json() as { field?: string }).field;
    if (!field) return;
    const top = field.split('.')[0]!;
    const param = spec.params.find((p) => p.name === top && (p.in === 'query' || p.in === 'path' || p.in === 'header'));
    const tried = (spec as unknown as { tried?: Map<string, number> }).tried ?? new Map<string, number>();
    (spec as unknown as { tried: Map<string, number> }).tried = tried;
    const index = tried.get(top) ?? 0;
    if (index >= CANDIDATES.length) return;
    tried.set(top, index + 1);
    const candidate = CANDIDATES[index];
    if (param) {
      if (typeof candidate === 'object') continue;
      const target = param.in === 'path' ? spec.pathValues : param.in === 'query' ? spec.query : spec.headers;
      target[top] = String(candidate);
    } else if (spec.body) {
      spec.body[top] = candidate;
    } else {
      return;
    }
  }
}

const PROBE = 'x-fuzz-probe';
const PROBE_STATUS = 299;
const VALUES_MAX_HEADER = 'x-fuzz-values-max';

describe('hostile input on every route of the OpenAPI document', () => {
  it('answers 4xx, and 400 naming the field for a value it must refuse', async () => {
    const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const specs = routeSpecs(doc);
    // Every API route of the document is walked (about 165 when written; more as areas are added).
    expect(specs.length).toBeGreaterThan(100);
    for (const spec of specs) await settleBaseline(spec);
    const failures: string[] = [];
    for (const spec of specs) {
      for (const c of buildCases(spec)) {
        const where = `${c.route} ${c.field} ${c.kind}`;
        let res;
        try {
          res = await send(c);
          if (res.statusCode === 401 && !c.route.includes('/login')) {
            // A case that got through may have ended the session (logout): sign in again and repeat it.
            token = (await h.login('admin')).access;
            res = await send(c);
          }
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        if (res.statusCode >= 500) {
          failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (res.statusCode < 400 && c.refused) {
          failures.push(`${where}: accepted (${res.statusCode})`);
          continue;
        }
        if (res.statusCode === 400) {
          const body = res.json() as { field?: string; msg: string };
          if (!body.field || !body.msg) failures.push(`${where}: 400 without the field named (${res.body.slice(0, 200)})`);
          else if (c.refused && spec.baselineValid && body.field !== c.field && !body.field.startsWith(`${c.field}.`)) {
            failures.push(`${where}: 400 names ${body.field} (${body.msg})`);
          }
        } else if (res.statusCode === 414 && (res.json() as { field?: string }).field !== 'path') {
          failures.push(`${where}: 414 without the path named`);
        } else if (c.refused && res.statusCode !== 413 && res.statusCode !== 414) {
          failures.push(`${where}: ${res.statusCode} where 400 was expected (${res.body.slice(0, 160)})`);
        }
      }
    }
    const unsettled = specs.filter((s) => !s.baselineValid).map((s) => s.route);
    expect(failures).toEqual([]);
    // Nearly every route's baseline passes validation, so nearly every refusal is checked to name its field.
    expect(unsettled.length, unsettled.join('\n')).toBeLessThan(specs.length / 10);
  }, 300_000);
});

/** `{"a":[[…1…]]}`: `levels` arrays inside one object, as the probe of issue 30 sent. */
const nestedBody = (levels: number) => `{"a":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
/** One object with `keys` distinct keys, each a number: wide and flat. */
const wideBody = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
/** A query string of `count` distinct parameters. */
const wideQuery = (count: number) => Array.from({ length: count }, (_, i) => `q${i.toString(36)}=1`).join('&');

describe('deep and wide input on every route of the OpenAPI document, with and without sign-in (issue 30)', () => {
  it('answers 4xx, never 5xx, however deep or wide, cold and warm; a JSON body beyond the limits is refused naming them', async () => {
    const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const specs = routeSpecs(doc);
    expect(specs.length).toBeGreaterThan(100);
    const bodies = [
      // Each deep body several times: the stack a recursive walk had left depended on how warm the JIT was.
      ...Array.from({ length: 3 }, () => ({ kind: 'nested 5,000 levels', payload: nestedBody(5_000), limit: 'field.tooDeep' as const })),
      ...Array.from({ length: 3 }, () => ({ kind: 'nested 100,000 levels', payload: nestedBody(100_000), limit: 'field.tooDeep' as const })),
      { kind: 'nested one level too deep', payload: nestedBody(INPUT_LIMITS.depthMax), limit: 'field.tooDeep' as const },
      { kind: 'wide: one value too many', payload: wideBody(INPUT_LIMITS.valuesMax), limit: 'field.tooManyValues' as const },
      // Within the limits: parsed, walked and validated like any body.
      { kind: 'wide: 20,000 keys', payload: wideBody(20_000), limit: undefined },
      { kind: 'nested to the limit', payload: nestedBody(INPUT_LIMITS.depthMax - 1), limit: undefined },
    ];
    const queries = [
      { kind: 'query of one parameter too many', query: wideQuery(INPUT_LIMITS.queryValuesMax), limit: 'field.tooManyValues' as const },
      { kind: 'query of JSON text 5,000 levels deep', query: `q=${encode(nestedBody(5_000))}`, limit: undefined },
    ];
    const failures: string[] = [];
    token = (await h.login('admin')).access;
    /**
     * Sends one case; `expected` names the limit the answer must name when the caller may call the
     * route and it reads that part (a 413 from a smaller body limit will do as well).
     */
    const check = async (
      spec: RouteSpec,
      kind: string,
      signedIn: boolean,
      part: 'body' | 'query',
      c: Omit<Case, 'route' | 'field' | 'kind' | 'refused'>,
      expected?: 'field.tooDeep' | 'field.tooManyValues',
    ) => {
      const where = `${spec.route} ${kind} ${signedIn ? 'signed in' : 'without sign-in'}`;
      const headers: Record<string, string> = { ...c.headers, 'accept-language': 'en', [PROBE]: '1' };
      if (signedIn) headers.authorization = `Bearer ${token}`;
      let res;
      try {
        res = await h.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers,
          remoteAddress: nextAddress(),
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
      } catch (error) {
        return void failures.push(`${where}: ${(error as Error).message}`);
      }
      if (res.statusCode >= 500) return void failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      // The probe stops a request that passed validation before its handler, so nothing is changed;
      // a route that reads no body (GET) passes a body of any shape without looking at it.
      const passed = res.statusCode === PROBE_STATUS;
      if (!passed && res.statusCode < 400) return void failures.push(`${where}: ${res.statusCode}`);
      if (!expected || res.statusCode === 413) return;
      const routeValuesMax = Number(res.headers[VALUES_MAX_HEADER] ?? INPUT_LIMITS.valuesMax);
      // A route that takes more values than the general limit reads this wide body as any other.
      if (expected === 'field.tooManyValues' && part === 'body' && routeValuesMax > INPUT_LIMITS.valuesMax) return;
      const answer = passed ? undefined : (res.json() as { field?: string; msg?: string });
      const max = expected === 'field.tooDeep' ? INPUT_LIMITS.depthMax : part === 'query' ? INPUT_LIMITS.queryValuesMax : INPUT_LIMITS.valuesMax;
      const msg = message(expected, 'en', { field: fieldInWords(`$${part}`, 'en'), max });
      if (res.statusCode !== 400 || answer?.field !== part || answer.msg !== msg)
        failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)} where 400 "${msg}" was expected`);
    };
    for (const signedIn of [true, false]) {
      for (const spec of specs) {
        const jsonBody = spec.body !== undefined && !spec.form && !spec.multipart;
        for (const b of bodies) {
          // Every route gets the JSON text, whatever it reads (a form, a file, nothing).
          const c = { ...request(spec), payload: b.payload };
          c.headers = { ...c.headers, 'content-type': 'application/json' };
          await check(spec, b.kind, signedIn, 'body', c, signedIn && jsonBody ? b.limit : undefined);
        }
        if (!spec.params.some((p) => p.in === 'query')) continue;
        for (const q of queries) {
          const c = request(spec);
          c.url = `${c.url}${c.url.includes('?') ? '&' : '?'}${q.query}`;
          await check(spec, q.kind, signedIn, 'query', c, signedIn ? q.limit : undefined);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses the download centre template parameters nested 4,000 levels deep, naming the limit', async () => {
    const levels = 4_000;
    const res = await h.app.inject({
      method: 'POST',
      url: `${API.downloads.asyncDownload}?templateName=doctorList`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh', 'content-type': 'application/json' },
      // 8 KB: within the route's body limit, so the nesting is what answers.
      payload: `{"filter":${'['.repeat(levels)}1${']'.repeat(levels)}}`,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body', msg: message('field.tooDeep', 'zh', { field: fieldInWords('$body', 'zh') }) });
  });
});
