import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_LIMITS } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../../db/client.js';
import { isRealCity, mainlandRegions } from '../../reference/index.js';
import { suggest } from '../suggest.js';

/**
 * The pieces every kind's checks are made of (docs/decisions/0042, 0049): every check is ONE
 * statement over the staged rows of a job (`import_rows`), never a statement per row. A check adds
 * `{k, f, p}` (message key, column key, parameters) to the `errors` of the rows it refuses;
 * resolved codes and ids go to `r`.
 */

export type Q = Db | Tx;
export const rowsOf = (job: number) => sql`s.job_id = ${job}`;

/** Adds an error to the rows matching `where` (a condition on `s`), with parameters as a jsonb expression. */
export function flag(db: Q, job: number, key: string, field: string, where: SQL, params?: SQL): Promise<void> {
  return flagEach(db, job, [{ key, field, where, params }]);
}

/** One check of `flagEach`: its message key (text, or an expression on `s`), column, condition on `s` and parameters. */
export interface Check {
  key: string | SQL;
  field: string;
  where: SQL;
  params?: SQL;
}

/**
 * Several checks in ONE statement (docs/decisions/0056): each row gets the messages of the checks
 * that refuse it in the order the checks are given, as one `flag` after the other would add them;
 * only refused rows are rewritten. The checks must not depend on each other's messages.
 */
export async function flagEach(db: Q, job: number, checks: readonly Check[]): Promise<void> {
  if (checks.length === 0) return;
  const each = checks.map(
    (c) =>
      sql`case when ${c.where} then jsonb_build_object('k', ${typeof c.key === 'string' ? sql`${c.key}::text` : c.key}, 'f', ${c.field}::text, 'p', ${c.params ?? sql`'{}'::jsonb`}) end`,
  );
  await db.execute(sql`
    update import_rows s set errors = s.errors || to_jsonb(array_remove(array[${sql.join(each, sql`, `)}]::jsonb[], null))
     where ${rowsOf(job)} and ((${sql.join(
       checks.map((c) => sql`coalesce(${c.where}, false)`),
       sql`) or (`,
     )}))`);
}

export const val = (field: string) => sql`coalesce(s.v->>${field}::text, '')`;

/**
 * Required columns and the cell length, one statement each. `standsIn` names, for a required column,
 * another whose value makes it not needed (a doctor's sub-department gives the department).
 */
export async function basicChecks(db: Q, job: number, required: string[], standsIn: Record<string, string> = {}): Promise<void> {
  await db.execute(sql`
    update import_rows s set errors = s.errors || e.list
      from (select t.line, jsonb_agg(jsonb_build_object('k', 'imports.row.required', 'f', k) order by k) as list
              from import_rows t, unnest(${`{${required.join(',')}}`}::text[]) k
             where t.job_id = ${job} and coalesce(t.v->>k, '') = ''
               and coalesce(t.v->>(${JSON.stringify(standsIn)}::jsonb->>k), '') = '' group by t.line) e
     where ${rowsOf(job)} and s.line = e.line`);
  await db.execute(sql`
    update import_rows s set errors = s.errors || e.list
      from (select t.line, jsonb_agg(jsonb_build_object('k', 'imports.row.tooLong', 'f', c.key, 'p', jsonb_build_object('max', ${IMPORT_LIMITS.cellMax}::int))) as list
              from import_rows t, jsonb_each_text(t.v) c where t.job_id = ${job} and length(c.value) > ${IMPORT_LIMITS.cellMax} group by t.line) e
     where ${rowsOf(job)} and s.line = e.line`);
}

export interface Lookup {
  /** lower-cased label → code ('?' when the label names more than one entry). */
  entries: { label: string; code: string }[];
  /** More resolved values by code (once per code, not per label: a region has a dozen labels). */
  infos?: { code: string; info: Record<string, unknown> }[];
  /** The names a suggestion is chosen from (the column's own entries first). */
  names: string[];
  /** For names of sub-entries among `names`: the name of the entry each belongs to, given with the suggestion. */
  under?: Record<string, string>;
  /** Labels and cells compared without spaces and separators (/ , 、 - and the like): 广东省 深圳市 is 广东省深圳市. */
  compact?: boolean;
}

/** What `compact` takes out of a label and a cell, in JavaScript and in PostgreSQL's regular expressions alike. */
const SEPARATORS = '[[:space:]\u00a0\u3000/／,，、·_-]+';
const SEPARATORS_JS = /[\s\u00a0\u3000/／,，、·_-]+/g;
export const compactLabel = (label: string) => label.toLowerCase().replace(SEPARATORS_JS, '');

/** An entry of a lookup: its code, its labels, and its `loose` labels, which name it only where no entry has them as a label of its own. */
export interface LookupItem {
  code: string;
  labels: readonly string[];
  /** Names less exact (a name without its suffix: 心血管内科 for 心血管内科专业, 广东 for 广东省). */
  loose?: readonly string[];
  info?: Record<string, unknown>;
}

export function lookupOf(items: readonly LookupItem[], names: readonly string[], options: { under?: Record<string, string>; compact?: boolean } = {}): Lookup {
  const norm = options.compact ? compactLabel : (label: string) => label.toLowerCase();
  const byLabel = new Map<string, string>();
  const add = (into: Map<string, string>, labels: readonly string[], code: string) => {
    for (const label of new Set(labels.filter(Boolean).map(norm))) {
      if (!label) continue;
      const seen = into.get(label);
      into.set(label, seen !== undefined && seen !== code ? '?' : code);
    }
  };
  for (const item of items) add(byLabel, item.labels, item.code);
  const loose = new Map<string, string>();
  for (const item of items) add(loose, item.loose ?? [], item.code);
  for (const [label, code] of loose) if (!byLabel.has(label)) byLabel.set(label, code);
  const infoOf = new Map<string, Record<string, unknown>>();
  for (const item of items) if (item.info && !infoOf.has(item.code)) infoOf.set(item.code, item.info);
  const infos = [...infoOf].map(([code, info]) => ({ code, info }));
  return {
    entries: [...byLabel].map(([label, code]) => ({ label, code })),
    ...(infos.length > 0 ? { infos } : {}),
    names: [...names],
    ...(options.under ? { under: options.under } : {}),
    ...(options.compact ? { compact: true } : {}),
  };
}

/** A coded column to resolve: its key, its lookup, and the message when a label names more than one entry. */
export interface Coded {
  field: string;
  lookup: Lookup;
  ambiguousKey?: string;
  /** Only the rows where this holds get the ambiguous message (another check speaks for the rest). */
  ambiguousWhen?: SQL;
  /** The message for a value that names no entry and has no suggestion (`imports.row.unknown` when not given). */
  unknownKey?: string;
}

/**
 * What the commit keeps of a dry run's result when it checks the rows again (docs/decisions/0056):
 * the messages of the checks that read only the file (they come first in a row's list), and the
 * resolved values that are not the resolving statement's own (`forget` names more that are not).
 */
export interface Again {
  keep: readonly string[];
  forget?: readonly string[];
}

/**
 * Resolves coded columns by code or name (either language) in ONE statement: each staged row is
 * rewritten once whatever the number of columns (a rewrite of every row per column was the cost of
 * a large file). `more` adds (name, value) pairs from extra joins on `t` (the staged row) as further
 * resolved values, and `target` sets the row's target_id. With `again` (the commit), the same
 * rewrite also clears what the dry run resolved and refused from the database, so that the commit
 * needs no rewrite of every row before its checks.
 */
export async function resolveCodes(
  db: Q,
  job: number,
  columns: readonly Coded[],
  more: { joins?: SQL; values?: [string, SQL][]; target?: SQL; again?: Again } = {},
): Promise<void> {
  const joins = columns.map((c, i) => {
    const [x, y] = [sql.raw(`x${i}`), sql.raw(`y${i}`)];
    const cell = c.lookup.compact ? sql`regexp_replace(lower(t.v->>${c.field}::text), ${SEPARATORS}, '', 'g')` : sql`lower(t.v->>${c.field}::text)`;
    const infos = c.lookup.infos
      ? sql`left join jsonb_to_recordset(${JSON.stringify(c.lookup.infos)}::jsonb) as ${y}(code text, info jsonb) on ${y}.code = ${x}.code`
      : sql``;
    return sql`left join jsonb_to_recordset(${JSON.stringify(c.lookup.entries)}::jsonb) as ${x}(label text, code text) on ${x}.label = ${cell} ${infos}`;
  });
  const picked = [
    ...columns.map(
      (c, i) => sql`${sql.raw(`x${i}`)}.code as ${sql.raw(`c${i}`)}, ${c.lookup.infos ? sql.raw(`y${i}.info`) : sql`null::jsonb`} as ${sql.raw(`i${i}`)}`,
    ),
    ...(more.values ?? []).map(([, value], i) => sql`${value} as ${sql.raw(`m${i}`)}`),
    more.target ? sql`${more.target} as target` : sql`null::int as target`,
  ];
  const added = [
    ...columns.map((c, i) => {
      const code = sql.raw(`x.c${i}`);
      return sql`case when ${code} is not null then jsonb_build_object(${c.field}::text, ${code}) || coalesce(${sql.raw(`x.i${i}`)}, '{}'::jsonb) else '{}'::jsonb end`;
    }),
    ...(more.values ?? []).map(([name], i) => {
      const value = sql.raw(`x.m${i}`);
      return sql`case when ${value} is not null then jsonb_build_object(${name}::text, ${value}) else '{}'::jsonb end`;
    }),
  ];
  const any = [
    ...columns.map((_, i) => sql`${sql.raw(`x.c${i}`)} is not null`),
    ...(more.values ?? []).map((_, i) => sql`${sql.raw(`x.m${i}`)} is not null`),
    sql`x.target is not null`,
  ];
  const again = more.again;
  if (!again) {
    await db.execute(sql`
      update import_rows s set r = s.r || ${sql.join(added, sql` || `)}, target_id = coalesce(x.target, s.target_id)
        from (select t.line, ${sql.join(picked, sql`, `)}
                from import_rows t ${sql.join(joins, sql` `)} ${more.joins ?? sql``}
               where t.job_id = ${job}) x
       where ${rowsOf(job)} and s.line = x.line and (${sql.join(any, sql` or `)})`);
    return;
  }
  const infoKeys = columns.flatMap((c) => (c.lookup.infos ?? []).flatMap((e) => Object.keys(e.info)));
  const forget = [...new Set([...columns.map((c) => c.field), ...infoKeys, ...(more.values ?? []).map(([name]) => name), ...(again.forget ?? [])])];
  await db.execute(sql`
    update import_rows s set r = (s.r - ${`{${forget.join(',')}}`}::text[]) || ${sql.join(added, sql` || `)}, target_id = x.target,
           errors = case when s.errors = '[]'::jsonb then s.errors
                         else coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(s.errors) with ordinality as k(e, n)
                                         where e->>'k' = any(${`{${again.keep.join(',')}}`}::text[])), '[]'::jsonb) end
      from (select t.line, ${sql.join(picked, sql`, `)}
              from import_rows t ${sql.join(joins, sql` `)} ${more.joins ?? sql``}
             where t.job_id = ${job}) x
     where ${rowsOf(job)} and s.line = x.line`);
}

/**
 * The checks of resolved columns that named no entry, or more than one (for `flagEach`), a list per
 * column: one message each, with the nearest entry's name suggested. The values to suggest for are
 * read in one statement for all the columns.
 */
export async function unresolvedChecks(db: Q, job: number, columns: readonly Coded[]): Promise<Check[][]> {
  if (columns.length === 0) return [];
  const pairs = columns.map((c) => sql`(${c.field}::text, s.v->>${c.field}::text, s.r->>${c.field}::text)`);
  const missing = await selectRows<{ field: string; value: string }>(
    db,
    sql`select field, value from (
          select f.field, f.value, row_number() over (partition by f.field) as n
            from (select distinct f.field, f.value from import_rows s cross join lateral (values ${sql.join(pairs, sql`, `)}) f(field, value, resolved)
                   where ${rowsOf(job)} and coalesce(f.value, '') <> '' and f.resolved is null) f) m
         where m.n <= 2000`,
  );
  return columns.map(({ field, lookup, ambiguousKey, ambiguousWhen, unknownKey }) => {
    const values = missing.filter((m) => m.field === field);
    const ambiguous: Check[] = ambiguousKey
      ? [
          {
            key: ambiguousKey,
            field,
            where: sql`s.r->>${field}::text = '?' and ${ambiguousWhen ?? sql`true`}`,
            params: sql`jsonb_build_object('value', s.v->>${field}::text)`,
          },
        ]
      : [];
    // No value left unresolved: no row can be refused for it.
    if (values.length === 0) return ambiguous;
    const suggestions: Record<string, string> = {};
    const parents: Record<string, string> = {};
    for (const { value } of values) {
      const near = suggest(value, lookup.names, lookup.under);
      if (near) suggestions[value] = near.name;
      if (near?.under) parents[value] = near.under;
    }
    const map = JSON.stringify(suggestions);
    const under = JSON.stringify(parents);
    const unknown: Check = {
      key: sql`case when ${under}::jsonb ? (s.v->>${field}::text) then 'imports.row.unknownSuggestUnder'
                    when ${map}::jsonb ? (s.v->>${field}::text) then 'imports.row.unknownSuggest' else ${unknownKey ?? 'imports.row.unknown'}::text end`,
      field,
      // A label that names more than one entry ('?') is refused too, as unknown when the column has no message of its own for it.
      where: ambiguousKey
        ? sql`${val(field)} <> '' and s.r->>${field}::text is null`
        : sql`${val(field)} <> '' and (s.r->>${field}::text is null or s.r->>${field}::text = '?')`,
      params: sql`jsonb_strip_nulls(jsonb_build_object('value', s.v->>${field}::text, 'suggestion', ${map}::jsonb->>(s.v->>${field}::text),
                                                     'parent', ${under}::jsonb->>(s.v->>${field}::text)))`,
    };
    return [...ambiguous, unknown];
  });
}

/**
 * The values of resolved columns that named no entry, or more than one: one message each, with the nearest entry's name
 * suggested; every column in one statement, each row's messages in the order of `columns`.
 */
export async function flagUnresolved(db: Q, job: number, columns: readonly Coded[]): Promise<void> {
  await flagEach(db, job, (await unresolvedChecks(db, job, columns)).flat());
}

/**
 * Resolves a coded column by code or name (either language): one statement; then the values
 * that did not resolve get one message each, with the nearest entry's name suggested (one statement).
 */
export async function resolve(db: Q, job: number, field: string, lookup: Lookup, ambiguousKey?: string, unknownKey?: string): Promise<void> {
  await resolveCodes(db, job, [{ field, lookup, ambiguousKey }]);
  await flagUnresolved(db, job, [{ field, lookup, ambiguousKey, unknownKey }]);
}

export const codeLookup = (rows: readonly { code: string; name: string; nameEn: string }[]) =>
  lookupOf(
    rows.map((r) => ({ code: r.code, labels: [r.code, r.name, r.nameEn] })),
    rows.map((r) => r.name),
  );

/** The peoples named in autonomous regions', prefectures', counties' and banners' names (广西壮族自治区, 延边朝鲜族自治州). */
const PEOPLES = [
  '蒙古',
  '维吾尔',
  '柯尔克孜',
  '哈萨克',
  '塔吉克',
  '乌孜别克',
  '俄罗斯',
  '塔塔尔',
  '达斡尔',
  '鄂温克',
  '鄂伦春',
  '土家',
  '布依',
  '朝鲜',
  '哈尼',
  '傈僳',
  '拉祜',
  '东乡',
  '纳西',
  '景颇',
  '仫佬',
  '布朗',
  '撒拉',
  '毛南',
  '仡佬',
  '锡伯',
  '阿昌',
  '普米',
  '德昂',
  '保安',
  '裕固',
  '独龙',
  '赫哲',
  '门巴',
  '珞巴',
  '基诺',
  '高山',
  '回',
  '藏',
  '苗',
  '彝',
  '壮',
  '满',
  '侗',
  '瑶',
  '白',
  '傣',
  '黎',
  '佤',
  '畲',
  '水',
  '土',
  '羌',
  '怒',
  '京',
  '各',
];
const AUTONOMOUS = new RegExp(`^(.{2,}?)(?:(?:${PEOPLES.join('|')})族?)+自治[区州县旗]$`);
const SUFFIX = /^(.{2,}?)(?:特别行政区|自治[区州县旗]|地区|新区|林区|省|市|区|县|旗|盟)$/;

/**
 * A region's name as people write it without its administrative suffix: 广东 for 广东省, 深圳 for
 * 深圳市, 罗湖 for 罗湖区, 广西 for 广西壮族自治区, 延边 for 延边朝鲜族自治州. Two characters stay at
 * least (赵县, 城区 and 芒市 keep their names).
 */
export const shortRegionName = (name: string): string => AUTONOMOUS.exec(name)?.[1] ?? SUFFIX.exec(name)?.[1] ?? name;

/** Every way of joining one form of each part, in order: [[广东省, 广东], [深圳市, 深圳]] gives 广东省深圳市, 广东省深圳, 广东深圳市, 广东深圳. */
const joined = (parts: readonly (readonly string[])[]): string[] =>
  parts.reduce<string[]>((heads, forms) => heads.flatMap((head) => forms.map((form) => head + form)), ['']);

let regions: Lookup | undefined;

/**
 * Regions by 6-digit code, by name when one region has it, or by the names of province, city and
 * county written together, with or without spaces or slashes between them. Each name also without
 * its administrative suffix (广东深圳罗湖, 上海, 深圳罗湖), where that names one region and no region
 * has it as its full name; a name more than one region has (朝阳区, 朝阳) stays ambiguous. A
 * municipality's name (上海市, 上海) names its city (310100), which holds the province too.
 */
export function regionLookup(): Lookup {
  if (regions) return regions;
  const all = mainlandRegions();
  const byCode = new Map(all.map((r) => [r.code, r]));
  const forms = (name: string) => [...new Set([name, shortRegionName(name)])];
  const municipalities = new Set(all.filter((c) => c.level === 2 && c.name === byCode.get(c.parentCode!)?.name).map((c) => c.parentCode));
  const items = all.map((r): LookupItem => {
    const city = r.level === 3 ? byCode.get(r.parentCode!) : r.level === 2 ? r : undefined;
    const province = r.level === 1 ? r : (byCode.get((city ?? r).parentCode ?? '') ?? r);
    const county = r.level === 3 ? r : undefined;
    const info = {
      province_code: province.code,
      province: province.name,
      city_code: city?.code ?? '',
      city: city?.name ?? '',
      county_code: county?.code ?? '',
      county: county?.name ?? '',
      city_level: city?.cityLevel ?? null,
    };
    // The municipality as a province: by its code only, its names are its city's.
    if (r.level === 1 && municipalities.has(r.code)) return { code: r.code, labels: [r.code], info };
    // A municipality's city has the province's name (上海市 上海市): written once. A grouping of counties
    // (省直辖县, 县) is not a city people write: the chain is also taken without it.
    const chain = [province.name, city && city.name !== province.name ? city.name : '', county?.name ?? ''];
    const real = city && city.name !== province.name && isRealCity(city.name) ? city : undefined;
    const parts = [forms(province.name), ...(real ? [forms(real.name)] : []), ...(county ? [forms(county.name)] : [])];
    return {
      code: r.code,
      labels: [r.code, r.name, chain.join(''), [province.name, real?.name ?? '', county?.name ?? ''].join(''), city && county ? city.name + county.name : ''],
      loose: [
        ...forms(r.name),
        // A grouping's chain would be its province's name alone.
        ...(r.level === 3 || (r.level === 2 && real) ? joined(parts) : []),
        ...(real && county ? joined([forms(real.name), forms(county.name)]) : []),
      ],
      info,
    };
  });
  regions = lookupOf(items, [], { compact: true });
  return regions;
}

/** Rows after the first with the same value of `key` (a text expression on `t`): a message naming the first line. */
export async function duplicates(db: Q, job: number, field: string, key: SQL, messageKey: string, value: SQL): Promise<void> {
  await repeated(
    db,
    job,
    key,
    sql`jsonb_build_object('k', ${messageKey}::text, 'f', ${field}::text, 'p', jsonb_build_object('value', ${value}, 'first', d.first))`,
  );
}

/**
 * Every staged row whose `key` (over `t`) an earlier row has gets `error` (over `s`, with `d.first` the
 * line it repeats): one statement, the rule `duplicates` words with one message.
 */
export async function repeated(db: Q, job: number, key: SQL, error: SQL): Promise<void> {
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(${error})
      from (select t.line, min(t.line) over (partition by ${key}) as first from import_rows t where t.job_id = ${job} and ${key} is not null) d
     where ${rowsOf(job)} and s.line = d.line and d.first < d.line`);
}

/** A column the file has (present, even empty) gives the value; a column it does not have keeps the record's. */
export const given = (key: string, value: SQL, kept: SQL) => sql`case when s.v ? ${key}::text then ${value} else ${kept} end`;
