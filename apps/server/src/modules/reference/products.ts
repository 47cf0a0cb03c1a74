import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';

/**
 * The company's products (data management's medicines) with their competitors and indications,
 * written set-based from a source relation the import centre builds (docs/decisions/0053): one
 * statement per step whatever the number of rows, keyed by the medicine's unique code.
 *
 * A source has the columns line, code, name, alias, company_id, indications (text[], in order) and
 * competitors (jsonb array of {name, alias}, in order).
 */
export type ProductSource = SQL;

/** Every medicine by code with what an import compares: its indications and competitors in their order. */
export const medicineKeys = (): SQL => sql`(
  select m.id, m.code, m.name, m.alias, m.company_id,
         coalesce((select array_agg(mi.indication order by mi.sort, mi.id) from medicine_indications mi where mi.medicine_id = m.id), '{}'::text[]) as indications,
         coalesce((select jsonb_agg(jsonb_build_object('name', c.name, 'alias', c.alias) order by c.sort, c.id) from medicine_competitors c where c.medicine_id = m.id), '[]'::jsonb) as competitors
    from medicines m)`;

/** Whether medicine `m` (a medicineKeys row) differs from source row `s`. */
const differs = sql.raw(
  `(m.name, m.alias, m.company_id, m.indications, m.competitors) is distinct from (s.name, s.alias, s.company_id, s.indications, s.competitors)`,
);

/** What upsertMedicines would do with each source row: (line, action new|changed|unchanged). */
export const medicineActions = (source: ProductSource): SQL =>
  sql`(select s.line, case when m.id is null then 'new' when ${differs} then 'changed' else 'unchanged' end as action
         from ${source} s left join ${medicineKeys()} m on m.code = s.code)`;

/**
 * Medicines by code in the caller's transaction: changed ones updated, new ones inserted, and the
 * competitors and indications of every new or changed one replaced by the source's, in its order.
 */
export async function upsertMedicines(tx: Tx, source: ProductSource): Promise<{ new: number; changed: number; unchanged: number }> {
  const counts = await selectRows<{ action: 'new' | 'changed' | 'unchanged'; n: number }>(
    tx,
    sql`select a.action, count(*)::int as n from ${medicineActions(source)} a group by a.action`,
  );
  const n = (action: string) => counts.find((c) => c.action === action)?.n ?? 0;
  // The source is read once, before any write: its kept values come from the children replaced below.
  await tx.execute(sql`
    create temporary table if not exists import_medicines (code text primary key, name text, alias text, company_id text, indications text[], competitors jsonb)
    on commit drop`);
  await tx.execute(sql`delete from import_medicines`);
  await tx.execute(sql`
    insert into import_medicines (code, name, alias, company_id, indications, competitors)
    select s.code, s.name, s.alias, s.company_id, s.indications, s.competitors
      from ${source} s left join ${medicineKeys()} m on m.code = s.code where m.id is null or ${differs}`);
  await tx.execute(sql`
    update medicines m set name = c.name, alias = c.alias, company_id = c.company_id, updated_at = now() from import_medicines c where m.code = c.code`);
  await tx.execute(sql`
    insert into medicines (code, name, alias, company_id)
    select c.code, c.name, c.alias, c.company_id from import_medicines c where not exists (select 1 from medicines m where m.code = c.code)`);
  await tx.execute(sql`delete from medicine_indications mi using medicines m, import_medicines c where mi.medicine_id = m.id and m.code = c.code`);
  await tx.execute(sql`delete from medicine_competitors mc using medicines m, import_medicines c where mc.medicine_id = m.id and m.code = c.code`);
  await tx.execute(sql`
    insert into medicine_indications (medicine_id, indication, sort)
    select m.id, i.name, (i.n - 1)::int from import_medicines c join medicines m on m.code = c.code cross join lateral unnest(c.indications) with ordinality as i(name, n)`);
  await tx.execute(sql`
    insert into medicine_competitors (medicine_id, name, alias, sort)
    select m.id, x.value->>'name', coalesce(x.value->>'alias', ''), (x.n - 1)::int
      from import_medicines c join medicines m on m.code = c.code cross join lateral jsonb_array_elements(c.competitors) with ordinality as x(value, n)`);
  return { new: n('new'), changed: n('changed'), unchanged: n('unchanged') };
}

/** Every indication data management knows (the indication–department list and the medicines' own), for an import's lookup. */
export async function indicationNames(db: Db | Tx): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select indication as name from indication_departments union select indication from medicine_indications order by 1`,
  );
  return rows.map((r) => r.name);
}
